import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiRequestError } from '../lib/api-client';
import '../styles/account-forms.css';

/** Messages per field, as the server sends them (`{"field": ["message"]}`) or the form finds. */
export type FieldErrors = Record<string, string[]>;

/**
 * The messages of a failed call for the given fields. Anything else (no response, a 5xx, a 429)
 * comes back under `detail` so the form can still say something.
 */
export function errorsFrom(error: unknown, fields: readonly string[]): FieldErrors {
  if (!(error instanceof ApiRequestError))
    return { detail: ['Something went wrong. Please try again.'] };
  const errors: FieldErrors = {};
  for (const field of fields) {
    const messages = error.messages(field);
    if (messages.length > 0) errors[field] = messages;
  }
  if (Object.keys(errors).length === 0) {
    errors.detail = [
      error.detail ??
        (error.status === null
          ? 'No response from the server.'
          : `The server answered ${error.status}.`),
    ];
  }
  return errors;
}

/** A failure's own detail text (a throttled request's), or nothing. */
function detailOf(error: unknown): FieldErrors {
  return error instanceof ApiRequestError && error.detail ? { detail: [error.detail] } : {};
}

interface RunOptions {
  /**
   * SPEC.md section 8 for the password reset request: only the fields' messages belong to the
   * form; any other failure is rethrown, its detail text still shown.
   */
  rethrowOthers?: boolean;
}

/**
 * The state every account form keeps: its values, the messages per field, and whether a call is
 * under way. `bind` gives an input its value, change handler, name and messages (`key`: the
 * field's name in the server's messages, when the form names it otherwise); `run` makes a call
 * with the form busy and puts a failure's messages for `fields` on the form (true on success).
 */
export function useAccountForm<Values extends { [Field in keyof Values]: string }>(
  initial: Values,
) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const bind = (field: keyof Values & string, key: string = field) => ({
    name: key,
    value: form[field] as string,
    onChange: (value: string) => setForm((current) => ({ ...current, [field]: value })),
    errors: errors[key],
  });
  const run = async (
    call: () => Promise<void>,
    fields: readonly string[],
    { rethrowOthers = false }: RunOptions = {},
  ): Promise<boolean> => {
    setBusy(true);
    setErrors({});
    try {
      await call();
      return true;
    } catch (error) {
      const found = errorsFrom(error, fields);
      if (rethrowOthers && !fields.some((field) => found[field])) {
        setErrors(detailOf(error));
        throw error;
      }
      setErrors(found);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { form, setForm, errors, setErrors, busy, bind, run };
}

/** The messages that belong to no field: the server's `non_field_errors`, then any `detail`. */
export function FormMessages({ errors }: { errors: FieldErrors }) {
  return (
    <>
      <ErrorList messages={errors.non_field_errors} />
      <ErrorList messages={errors.detail} />
    </>
  );
}

export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page">
      <section className="account-card" aria-labelledby="account-card-title">
        <h1 id="account-card-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}

export function ErrorList({ id, messages }: { id?: string; messages: string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <ul className="account-form__errors" id={id} role="alert">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

interface FieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
}

/** A labelled input with its messages underneath, tied together for screen readers. */
export function FormField({
  label,
  name,
  value,
  onChange,
  errors,
  type = 'text',
  autoComplete,
}: FieldProps) {
  const id = useId();
  const errorsId = `${id}-errors`;
  const invalid = Boolean(errors && errors.length > 0);
  return (
    <div className="account-form__field">
      <label className="account-form__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="boxed-control account-form__input"
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorsId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <ErrorList id={errorsId} messages={errors} />
    </div>
  );
}

export function AccountForm({
  onSubmit,
  children,
  submitLabel,
  busy,
}: {
  onSubmit: () => void;
  children: ReactNode;
  submitLabel: string;
  busy: boolean;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    // Our own messages replace the browser's validation bubbles (SPEC.md section 5 texts).
    <form className="account-form" noValidate onSubmit={submit}>
      {children}
      <button className="button button--primary account-form__submit" type="submit" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}

/**
 * A FormField for a password: `current` asks the browser to fill in the saved one, `new` to
 * offer a strong one and save it.
 */
export function PasswordField({
  purpose,
  ...field
}: Omit<FieldProps, 'type' | 'autoComplete'> & { purpose: 'current' | 'new' }) {
  return <FormField {...field} type="password" autoComplete={`${purpose}-password`} />;
}
