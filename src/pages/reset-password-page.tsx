import { useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../app/routes';
import { requestPasswordReset } from '../lib/accounts-api';
import { ApiRequestError } from '../lib/api-client';
import { usePageTitle, withProductName } from '../lib/use-page-title';
import { AccountCard, AccountForm, ErrorList, FormField, type FieldErrors } from './account-form';

/**
 * Password reset request (SPEC.md section 2). No client rule on the address; the server's
 * e-mail messages show under the field. The server answers alike for unknown addresses, so the
 * next page can only say what happens if the address was registered.
 */
export function ResetPasswordPage() {
  usePageTitle(withProductName('Reset password'));
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setErrors({});
    try {
      await requestPasswordReset(email);
      navigate(paths.resetPasswordConfirm);
    } catch (error) {
      setBusy(false);
      const emailErrors = error instanceof ApiRequestError ? error.messages('email') : [];
      if (emailErrors.length > 0) {
        setErrors({ email: emailErrors });
        return;
      }
      // SPEC.md section 8 rethrows other errors; a throttled request still gets its text shown.
      if (error instanceof ApiRequestError && error.detail) setErrors({ detail: [error.detail] });
      throw error;
    }
  };

  return (
    <AccountCard title="Reset password">
      <p className="account-card__intro">
        Enter the e-mail you registered with to receive a link to reset your password.
      </p>
      <AccountForm onSubmit={() => void submit()} submitLabel="SEND E-MAIL" busy={busy}>
        <FormField
          label="E-MAIL"
          name="email"
          type="email"
          value={email}
          onChange={setEmail}
          errors={errors.email}
          autoComplete="email"
        />
        <ErrorList messages={errors.detail} />
      </AccountForm>
    </AccountCard>
  );
}
