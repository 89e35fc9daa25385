import { useState } from 'react';
import { changePassword } from '../lib/accounts-api';
import { adoptTokens } from '../lib/api-client';
import { usePageTitle } from '../lib/use-page-title';
import {
  AccountCard,
  AccountForm,
  ErrorList,
  PasswordField,
  useAccountForm,
  type FieldErrors,
} from './account-form';

const required = 'This field is required';
const empty = { oldPassword: '', newPassword: '', repeatPassword: '' };

/**
 * Change password (SPEC.md sections 2, 5 and 8; its page title is 'Login', as SPEC.md says).
 * The server logs out every other session and hands this one a new token pair.
 */
export function ChangePasswordPage() {
  usePageTitle('Login');
  const { form, setForm, errors, setErrors, busy, bind, run } = useAccountForm(empty);
  const [changed, setChanged] = useState(false);

  const submit = async () => {
    setChanged(false);
    const problems: FieldErrors = {};
    if (form.oldPassword === '') problems.old_password = [required];
    if (form.newPassword === '') problems.new_password = [required];
    if (form.repeatPassword === '') problems.repeat_password = [required];
    else if (form.newPassword !== form.repeatPassword)
      problems.repeat_password = ['Passwords do not match'];
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    await run(async () => {
      const pair = await changePassword({
        old_password: form.oldPassword,
        new_password: form.newPassword,
      });
      adoptTokens(pair);
      setForm(empty);
      setChanged(true);
    }, ['old_password', 'new_password']);
  };

  return (
    <AccountCard title="Change password">
      <AccountForm onSubmit={() => void submit()} submitLabel="CHANGE PASSWORD" busy={busy}>
        <PasswordField
          label="OLD PASSWORD"
          purpose="current"
          {...bind('oldPassword', 'old_password')}
        />
        <PasswordField
          label="NEW PASSWORD"
          purpose="new"
          {...bind('newPassword', 'new_password')}
        />
        <PasswordField
          label="REPEAT NEW PASSWORD"
          purpose="new"
          {...bind('repeatPassword', 'repeat_password')}
        />
        <ErrorList messages={errors.detail} />
        {changed ? (
          <p className="account-notice" role="status">
            Password changed!
          </p>
        ) : null}
      </AccountForm>
    </AccountCard>
  );
}
