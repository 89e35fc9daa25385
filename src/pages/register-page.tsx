import { Link, useLocation } from 'wouter';
import { paths } from '../app/routes';
import { register, type RegistrationForm } from '../lib/accounts-api';
import { usePageTitle } from '../lib/use-page-title';
import {
  AccountCard,
  AccountForm,
  FormField,
  PasswordField,
  FormMessages,
  useAccountForm,
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
  const { form, busy, errors, bind, run } = useAccountForm(empty);
  const submit = () =>
    run(async () => {
      await register(form);
      // The login page greets the new account and fills in its username (login-page.tsx).
      navigate(paths.login, { state: { registeredAs: form.username.trim() } });
    }, fields);

  return (
    <AccountCard title="Sign up">
      <AccountForm onSubmit={() => void submit()} submitLabel="SIGN UP" busy={busy}>
        <FormField label="FIRST NAME" {...bind('firstname')} autoComplete="given-name" />
        <FormField label="LAST NAME" {...bind('lastname')} autoComplete="family-name" />
        <FormField label="USERNAME" {...bind('username')} autoComplete="username" />
        <FormField label="E-MAIL" type="email" {...bind('email')} autoComplete="email" />
        <PasswordField label="PASSWORD" purpose="new" {...bind('password1')} />
        <PasswordField label="REPEAT PASSWORD" purpose="new" {...bind('password2')} />
        <FormMessages errors={errors} />
      </AccountForm>
      <p className="account-form__links">
        {/* SPEC.md points this link at /register/, a known defect; it goes to the login page. */}
        <Link to={paths.login}>Already registered? Log in.</Link>
      </p>
    </AccountCard>
  );
}
