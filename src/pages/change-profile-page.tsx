import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { changeProfile, fetchAccount, type AccountJson } from '../lib/accounts-api';
import { usePageTitle } from '../lib/use-page-title';
import { storeUsernameAtom, userIdAtom } from '../state/auth-state';
import {
  AccountCard,
  AccountForm,
  ErrorList,
  errorsFrom,
  FormField,
  type FieldErrors,
} from './account-form';

type Profile = Pick<AccountJson, 'first_name' | 'last_name' | 'username' | 'email'>;
const fields = ['first_name', 'last_name', 'username', 'email', 'non_field_errors'] as const;
const empty: Profile = { first_name: '', last_name: '', username: '', email: '' };

/** Change profile (SPEC.md sections 2, 5 and 8): filled in from GET users/{id}/. */
export function ChangeProfilePage() {
  usePageTitle('Change user information');
  const userId = useAtomValue(userIdAtom);
  const storeUsername = useSetAtom(storeUsernameAtom);
  const [form, setForm] = useState<Profile>(empty);
  const [loaded, setLoaded] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const set = (field: keyof Profile) => (value: string) => setForm({ ...form, [field]: value });

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
  }, [userId]);

  const submit = async () => {
    if (userId === null) return;
    setBusy(true);
    setSaved(false);
    setErrors({});
    try {
      const account = await changeProfile(userId, form);
      storeUsername(account.username);
      setSaved(true);
    } catch (error) {
      setErrors(errorsFrom(error, fields));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountCard title="Change user information">
      <AccountForm onSubmit={() => void submit()} submitLabel="SAVE" busy={busy || !loaded}>
        <FormField
          label="FIRST NAME"
          name="first_name"
          value={form.first_name}
          onChange={set('first_name')}
          errors={errors.first_name}
          autoComplete="given-name"
        />
        <FormField
          label="LAST NAME"
          name="last_name"
          value={form.last_name}
          onChange={set('last_name')}
          errors={errors.last_name}
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
        <ErrorList messages={errors.non_field_errors} />
        <ErrorList messages={errors.detail} />
        {saved ? (
          <p className="account-notice" role="status">
            Information changed successfully.
          </p>
        ) : null}
      </AccountForm>
    </AccountCard>
  );
}
