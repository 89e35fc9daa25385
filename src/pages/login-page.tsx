import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../app/routes';
import { login } from '../lib/api-client';
import { usePageTitle } from '../lib/use-page-title';
import {
  AccountCard,
  AccountForm,
  ErrorList,
  errorsFrom,
  FormField,
  type FieldErrors,
} from './account-form';

const required = 'This field is required';

/** Login (SPEC.md section 2): both fields required; a refused login shows the server's detail. */
export function LoginPage() {
  usePageTitle('Login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const missing: FieldErrors = {};
    if (username.trim() === '') missing.username = [required];
    if (password === '') missing.password = [required];
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      // On success the app goes to / (login() navigates), and this page unmounts.
      await login(username, password);
    } catch (error) {
      setErrors(errorsFrom(error, ['username', 'password', 'non_field_errors']));
      setBusy(false);
    }
  };

  return (
    <AccountCard title="Login">
      <AccountForm onSubmit={() => void submit()} submitLabel="LOGIN" busy={busy}>
        <FormField
          label="USER NAME"
          name="username"
          value={username}
          onChange={setUsername}
          errors={errors.username}
          autoComplete="username"
        />
        <FormField
          label="PASSWORD"
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          errors={errors.password}
          autoComplete="current-password"
        />
        <ErrorList messages={errors.non_field_errors} />
        <ErrorList messages={errors.detail} />
      </AccountForm>
      <p className="account-form__links">
        <Link to={paths.resetPassword}>Forgot your password?</Link>
      </p>
    </AccountCard>
  );
}
