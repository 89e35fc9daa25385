import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { paths } from '../app/routes';
import { confirmPasswordReset } from '../lib/accounts-api';
import { usePageTitle, withProductName } from '../lib/use-page-title';
import { AccountCard, AccountForm, FormField, FormMessages, useAccountForm } from './account-form';

const fields = ['uid', 'token', 'new_password1', 'new_password2', 'non_field_errors'] as const;

/**
 * Where the e-mailed link lands: /reset-password/{uid}/{token}/. The new password twice, then a
 * success message with a link to log in. A used, expired or mangled link is said to be invalid.
 */
export function ResetPasswordTokenPage() {
  usePageTitle(withProductName('Choose a new password'));
  const { uid = '', token = '' } = useParams<{ uid: string; token: string }>();
  const { form, errors, busy, bind, run } = useAccountForm({
    new_password1: '',
    new_password2: '',
  });
  const [done, setDone] = useState(false);

  const submit = () =>
    run(async () => {
      await confirmPasswordReset({ uid, token, ...form });
      setDone(true);
    }, fields);

  if (done) {
    return (
      <AccountCard title="Choose a new password">
        <p className="account-notice" role="status">
          Your password has been reset. You can now log in with your new password.
        </p>
        <p className="account-form__links">
          <Link to={paths.login}>Log in</Link>
        </p>
      </AccountCard>
    );
  }

  const linkBroken = Boolean(errors.uid || errors.token);
  return (
    <AccountCard title="Choose a new password">
      {linkBroken ? (
        <div className="account-notice account-notice--error" role="alert">
          <p>This password reset link is invalid: it has been used already or has expired.</p>
          <Link to={paths.resetPassword}>Ask for a new link</Link>
        </div>
      ) : null}
      <AccountForm onSubmit={() => void submit()} submitLabel="SET PASSWORD" busy={busy}>
        <FormField
          label="NEW PASSWORD"
          type="password"
          {...bind('new_password1')}
          autoComplete="new-password"
        />
        <FormField
          label="REPEAT NEW PASSWORD"
          type="password"
          {...bind('new_password2')}
          autoComplete="new-password"
        />
        <FormMessages errors={errors} />
      </AccountForm>
    </AccountCard>
  );
}
