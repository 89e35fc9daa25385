import { signingKey } from '../auth/jwt-tokens';
import type { Config } from '../config';
import type { Database, Db } from '../db/database';
import { fieldErrors } from '../http-errors';
import { email, messages, username, type FieldProblems } from './account-fields';
import { isEmailTaken, isUsernameTaken } from './users.repository';
import type { AccountJson } from '../../src/shared/api-contract/accounts';

/** What the account services need from the app: built once per route plugin, passed to each call. */
export interface AccountsContext {
  db: Db;
  /** SECRET_KEY, for HMACs (password-reset tokens). */
  secret: string;
  /** SECRET_KEY as the HS256 signing key of the JWTs. */
  signingKey: Uint8Array;
  /** Origin of the links in e-mails (PUBLIC_URL), never the request's Host header. */
  publicUrl: string;
}

export function accountsContext(config: Config, database: Database): AccountsContext {
  return {
    db: database.db,
    secret: config.secretKey,
    signingKey: signingKey(config.secretKey),
    publicUrl: config.publicUrl,
  };
}

/** The JSON the API shows of a user (SPEC.md section 3: user_id, username, names, e-mail). */
export function userJson(user: {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
}): AccountJson {
  return {
    user_id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
  };
}

/** A unique-index violation (SQLSTATE 23505) on `constraint`, wherever the driver wraps it. */
function violatesUnique(error: unknown, constraint: string): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    const fields = cause as { code?: unknown; constraint?: unknown; message?: unknown };
    if (fields.code === '23505') {
      return fields.constraint === constraint || String(fields.message).includes(constraint);
    }
  }
  return false;
}

/**
 * What to throw when writing an account failed: the field error when another account took the
 * name or address between the check and the write (the unique indexes decide), else the error.
 */
export function takenNameOrAddress(error: unknown): unknown {
  if (violatesUnique(error, 'users_username_lower_key')) {
    return fieldErrors({ username: [messages.usernameTaken] });
  }
  if (violatesUnique(error, 'users_email_lower_key')) {
    return fieldErrors({ email: [messages.emailTaken] });
  }
  return error;
}

/**
 * The username and e-mail address of `input`, each checked into `problems` and refused when an
 * account other than `exceptId` holds it already; null where a check failed.
 */
export async function availableNameAndAddress(
  context: AccountsContext,
  problems: FieldProblems,
  input: { username: string; email: string },
  exceptId?: number,
): Promise<{ name: string | null; address: string | null }> {
  const name = username(problems, 'username', input.username);
  if (name !== null && (await isUsernameTaken(context.db, name, exceptId))) {
    problems.add('username', messages.usernameTaken);
  }
  const address = email(problems, 'email', input.email);
  if (address !== null && (await isEmailTaken(context.db, address, exceptId))) {
    problems.add('email', messages.emailTaken);
  }
  return { name, address };
}
