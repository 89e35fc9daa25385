import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../app/routes';
import { login } from '../lib/api-client';
import { usePageTitle } from '../lib/use-page-title';
import {
  AccountCard,
  AccountForm,
  FormField,
  PasswordField,
  FormMessages,
  useAccountForm,
  type FieldErrors,
} from './account-form';

const required = 'This field is required';

/** Login (SPEC.md section 2): both fields required; a refused login shows the server's detail. */
/** The username just signed up with, when the sign-up page sent the user here. */
function registeredAs(): string | null {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !('registeredAs' in state)) return null;
  return typeof state.registeredAs === 'string' ? state.registeredAs : null;
}

export function LoginPage() {
  usePageTitle('Login');
  const [registered] = useState(registeredAs);
  const { form, errors, setErrors, busy, bind, run } = useAccountForm({
    username: registered ?? '',
    password: '',
  });

  const submit = async () => {
    const missing: FieldErrors = {};
    if (form.username.trim() === '') missing.username = [required];
    if (form.password === '') missing.password = [required];
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    // On success the app goes to / (login() navigates), and this page unmounts.
    await run(
      () => login(form.username, form.password),
      ['username', 'password', 'non_field_errors'],
    );
  };

  return (
    <AccountCard title="Login">
      {registered !== null && (
        <p className="account-form__notice" role="status">
          Your account is ready. Log in with your password to start uploading.
        </p>
      )}
      <AccountForm onSubmit={() => void submit()} submitLabel="LOGIN" busy={busy}>
        <FormField label="USER NAME" {...bind('username')} autoComplete="username" />
        <PasswordField label="PASSWORD" purpose="current" {...bind('password')} />
        <FormMessages errors={errors} />
      </AccountForm>
      <p className="account-form__links">
        <Link to={paths.resetPassword}>Forgot your password?</Link>
      </p>
    </AccountCard>
  );
}
