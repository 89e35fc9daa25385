import { domainToASCII } from 'node:url';

/**
 * Field rules of the account forms, with Django REST framework's and Django's messages, so that
 * the client shows the texts a Django back end would have sent.
 */
export const messages = {
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  maxLength: (max: number) => `Ensure this field has no more than ${max} characters.`,
  invalidEmail: 'Enter a valid email address.',
  invalidUsername:
    'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user is already registered with this e-mail address.',
  passwordMismatch: "The two password fields didn't match.",
  wrongOldPassword: 'Your old password was entered incorrectly. Please enter it again.',
  invalidValue: 'Invalid value',
  nullCharacters: 'Null characters are not allowed.',
} as const;

export const USERNAME_MAX = 150;
export const NAME_MAX = 150;
const EMAIL_MAX = 254;
/** Long enough for any passphrase; bounds the work one request can ask of argon2. */
const PASSWORD_MAX = 4096;

/** Collects messages per field, in DRF's `{"field": ["message"]}` shape. */
export class FieldProblems {
  readonly byField: Record<string, string[]> = {};

  add(field: string, message: string): void {
    (this.byField[field] ??= []).push(message);
  }

  has(field?: string): boolean {
    return field === undefined ? Object.keys(this.byField).length > 0 : field in this.byField;
  }
}

/** DRF's CharField: trimmed, then checked for blank and length. Returns null when refused. */
export function text(
  problems: FieldProblems,
  field: string,
  value: string,
  options: { max: number; allowBlank?: boolean },
): string | null {
  const trimmed = value.trim();
  // DRF's ProhibitNullCharactersValidator; PostgreSQL text cannot hold U+0000 either.
  if (trimmed.includes('\u0000')) {
    problems.add(field, messages.nullCharacters);
    return null;
  }
  if (trimmed === '' && !options.allowBlank) {
    problems.add(field, messages.blank);
    return null;
  }
  if ([...trimmed].length > options.max) {
    problems.add(field, messages.maxLength(options.max));
    return null;
  }
  return trimmed;
}

/** Django's UnicodeUsernameValidator, after Django's NFKC normalisation of usernames. */
export function username(problems: FieldProblems, field: string, value: string): string | null {
  const trimmed = text(problems, field, value, { max: USERNAME_MAX });
  if (trimmed === null) return null;
  const normalised = trimmed.normalize('NFKC');
  if (!/^[\p{L}\p{N}_.@+-]+$/u.test(normalised)) {
    problems.add(field, messages.invalidUsername);
    return null;
  }
  return normalised;
}

const localPart = /^[-!#$%&'*+/=?^_`{}|~0-9a-z]+(\.[-!#$%&'*+/=?^_`{}|~0-9a-z]+)*$/i;
const domainLabel = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;
const topLevelLabel = /^(?!-)[a-z0-9-]{2,63}(?<!-)$/i;

/** Is this an address Django's EmailValidator accepts (dot-atom local part, a dotted domain)? */
function isEmailAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at < 1 || at === address.length - 1) return false;
  const local = address.slice(0, at);
  const domain = domainToASCII(address.slice(at + 1));
  if (!localPart.test(local) || domain === '') return false;
  const labels = domain.split('.');
  const top = labels.pop();
  return (
    top !== undefined &&
    labels.length > 0 &&
    topLevelLabel.test(top) &&
    labels.every((label) => domainLabel.test(label))
  );
}

/** An e-mail address with its domain lower-cased (Django's normalize_email). */
export function email(problems: FieldProblems, field: string, value: string): string | null {
  const trimmed = text(problems, field, value, { max: EMAIL_MAX });
  if (trimmed === null) return null;
  if (!isEmailAddress(trimmed)) {
    problems.add(field, messages.invalidEmail);
    return null;
  }
  const at = trimmed.lastIndexOf('@');
  return trimmed.slice(0, at) + '@' + trimmed.slice(at + 1).toLowerCase();
}

/** Passwords are taken as typed (no trimming), only refused when blank or absurdly long. */
export function password(problems: FieldProblems, field: string, value: string): string | null {
  if (value === '') {
    problems.add(field, messages.blank);
    return null;
  }
  if (value.length > PASSWORD_MAX) {
    problems.add(field, messages.maxLength(PASSWORD_MAX));
    return null;
  }
  if (value.includes('\u0000')) {
    problems.add(field, messages.nullCharacters);
    return null;
  }
  return value;
}
