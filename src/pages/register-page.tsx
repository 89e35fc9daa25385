import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../app/routes';
import { register, type RegistrationForm } from '../lib/accounts-api';
import { usePageTitle } from '../lib/use-page-title';
import {
  AccountCard,
  AccountForm,
  ErrorList,
  errorsFrom,
  FormField,
  type FieldErrors,
} from './account-form';

const fields = [
  'firstname',
  'lastname',
  'username',
  'email',
  'password1',
  'password2',
  'non_field_errors',
] as const;

const empty: RegistrationForm = {
  firstname: '',
  lastname: '',
  username: '',
  email: '',
  password1: '',
  password2: '',
};

/** Sign up (SPEC.md section 2). No client-side rules: the server's messages show per field. */
export function RegisterPage() {
  usePageTitle('Sign up');
  const [, navigate] = useLocation();
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof RegistrationForm) => (value: string) =>
    setForm({ ...form, [field]: value });

  const submit = async () => {
    setBusy(true);
    setErrors({});
    try {
      await register(form);
      navigate(paths.login);
    } catch (error) {
      setErrors(errorsFrom(error, fields));
      setBusy(false);
    }
  };

  return (
    <AccountCard title="Sign up">
      <AccountForm onSubmit={() => void submit()} submitLabel="SIGN UP" busy={busy}>
        <FormField
          label="FIRST NAME"
          name="firstname"
          value={form.firstname}
          onChange={set('firstname')}
          errors={errors.firstname}
          autoComplete="given-name"
        />
        <FormField
          label="LAST NAME"
          name="lastname"
          value={form.lastname}
          onChange={set('lastname')}
          errors={errors.lastname}
          autoComplete="family-name"
        />
        <FormField
          label="USERNAME"
          name="username"
          value={form.username}
          onChange={set('username')}
          errors={errors.username}
          autoComplete="username"
        />
        <FormField
          label="E-MAIL"
          name="email"
          type="email"
          value={form.email}
          onChange={set('email')}
          errors={errors.email}
          autoComplete="email"
        />
        <FormField
          label="PASSWORD"
          name="password1"
          type="password"
          value={form.password1}
          onChange={set('password1')}
          errors={errors.password1}
          autoComplete="new-password"
        />
        <FormField
          label="REPEAT PASSWORD"
          name="password2"
          type="password"
          value={form.password2}
          onChange={set('password2')}
          errors={errors.password2}
          autoComplete="new-password"
        />
        <ErrorList messages={errors.non_field_errors} />
        <ErrorList messages={errors.detail} />
      </AccountForm>
      <p className="account-form__links">
        {/* SPEC.md points this link at /register/, a known defect; it goes to the login page. */}
        <Link to={paths.login}>Already registered? Log in.</Link>
      </p>
    </AccountCard>
  );
}
