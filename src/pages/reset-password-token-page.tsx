import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { paths } from '../app/routes';
import { confirmPasswordReset, resetLinkWorks } from '../lib/accounts-api';
import { usePageTitle, withProductName } from '../lib/use-page-title';
import {
  AccountCard,
  AccountForm,
  PasswordField,
  FormMessages,
  useAccountForm,
} from './account-form';

const fields = ['uid', 'token', 'new_password1', 'new_password2', 'non_field_errors'] as const;

/**
 * Where the e-mailed link lands: /reset-password/{uid}/{token}/. The new password twice, then a
 * success message with a link to log in. The link is checked first: a used, expired or mangled
 * one shows no form, only that it is invalid and where to ask for a new one.
 */
export function ResetPasswordTokenPage() {
  usePageTitle(withProductName('Choose a new password'));
  const { uid = '', token = '' } = useParams<{ uid: string; token: string }>();
  const { form, errors, busy, bind, run } = useAccountForm({
    new_password1: '',
    new_password2: '',
  });
  const [done, setDone] = useState(false);
  // null while the server is asked; a failed check (no network) leaves the form to say more.
  const [linkWorks, setLinkWorks] = useState<boolean | null>(null);

  useEffect(() => {
    let current = true;
    resetLinkWorks({ uid, token }).then(
      (works) => current && setLinkWorks(works),
      () => current && setLinkWorks(true),
    );
    return () => {
      current = false;
    };
  }, [uid, token]);

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

  if (linkWorks === null) {
    return (
      <AccountCard title="Choose a new password">
        <p className="account-notice" role="status">
          Checking the link…
        </p>
      </AccountCard>
    );
  }
  if (!linkWorks || errors.uid || errors.token) {
    return (
      <AccountCard title="Choose a new password">
        <div className="account-notice account-notice--error" role="alert">
          <p>This password reset link is invalid: it has been used already or has expired.</p>
          <Link to={paths.resetPassword}>Ask for a new link</Link>
        </div>
      </AccountCard>
    );
  }
  return (
    <AccountCard title="Choose a new password">
      <AccountForm onSubmit={() => void submit()} submitLabel="SET PASSWORD" busy={busy}>
        <PasswordField label="NEW PASSWORD" purpose="new" {...bind('new_password1')} />
        <PasswordField label="REPEAT NEW PASSWORD" purpose="new" {...bind('new_password2')} />
        <FormMessages errors={errors} />
      </AccountForm>
    </AccountCard>
  );
}
