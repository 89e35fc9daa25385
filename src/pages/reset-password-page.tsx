import { useLocation } from 'wouter';
import { paths } from '../app/routes';
import { requestPasswordReset } from '../lib/accounts-api';
import { usePageTitle, withProductName } from '../lib/use-page-title';
import { AccountCard, AccountForm, FormField, FormMessages, useAccountForm } from './account-form';

/**
 * Password reset request (SPEC.md section 2). No client rule on the address; the server's
 * e-mail messages show under the field. The server answers alike for unknown addresses, so the
 * next page can only say what happens if the address was registered.
 */
export function ResetPasswordPage() {
  usePageTitle(withProductName('Reset password'));
  const [, navigate] = useLocation();
  const { form, errors, busy, bind, run } = useAccountForm({ email: '' });

  const submit = () =>
    run(
      async () => {
        await requestPasswordReset(form.email);
        navigate(paths.resetPasswordConfirm);
      },
      ['email'],
      { rethrowOthers: true },
    );

  return (
    <AccountCard title="Reset password">
      <p className="account-card__intro">
        Enter the e-mail you registered with to receive a link to reset your password.
      </p>
      <AccountForm onSubmit={() => void submit()} submitLabel="SEND E-MAIL" busy={busy}>
        <FormField label="E-MAIL" type="email" {...bind('email')} autoComplete="email" />
        <FormMessages errors={errors} />
      </AccountForm>
    </AccountCard>
  );
}
