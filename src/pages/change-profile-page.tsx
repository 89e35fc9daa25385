import { useEffect, useState } from 'react';
import { changeProfile, fetchAccount, type AccountJson } from '../lib/accounts-api';
import { usePageTitle } from '../lib/use-page-title';
import { useStoreUsername, useUserId } from '../state/session';
import {
  AccountCard,
  AccountForm,
  errorsFrom,
  FormField,
  FormMessages,
  useAccountForm,
} from './account-form';

type Profile = Pick<AccountJson, 'first_name' | 'last_name' | 'username' | 'email'>;
const fields = ['first_name', 'last_name', 'username', 'email', 'non_field_errors'] as const;
const empty: Profile = { first_name: '', last_name: '', username: '', email: '' };

/** Change profile (SPEC.md sections 2, 5 and 8): filled in from GET users/{id}/. */
export function ChangeProfilePage() {
  usePageTitle('Change user information');
  const userId = useUserId();
  const storeUsername = useStoreUsername();
  const { form, setForm, errors, setErrors, busy, bind, run } = useAccountForm<Profile>(empty);
  const [loaded, setLoaded] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    fetchAccount(userId)
      .then((account) => {
        if (!current) return;
        setForm({
          first_name: account.first_name,
          last_name: account.last_name,
          username: account.username,
          email: account.email,
        });
        setLoaded(true);
      })
      .catch((error: unknown) => {
        if (current) setErrors(errorsFrom(error, []));
      });
    return () => {
      current = false;
    };
  }, [userId, setForm, setErrors]);

  const submit = async () => {
    if (userId === null) return;
    setSaved(false);
    await run(async () => {
      const account = await changeProfile(userId, form);
      storeUsername(account.username);
      setSaved(true);
    }, fields);
  };

  return (
    <AccountCard title="Change user information">
      <AccountForm onSubmit={() => void submit()} submitLabel="SAVE" busy={busy || !loaded}>
        <FormField label="FIRST NAME" {...bind('first_name')} autoComplete="given-name" />
        <FormField label="LAST NAME" {...bind('last_name')} autoComplete="family-name" />
        <FormField label="USERNAME" {...bind('username')} autoComplete="username" />
        <FormField label="E-MAIL" type="email" {...bind('email')} autoComplete="email" />
        <FormMessages errors={errors} />
        {saved ? (
          <p className="account-notice" role="status">
            Information changed successfully.
          </p>
        ) : null}
      </AccountForm>
    </AccountCard>
  );
}
