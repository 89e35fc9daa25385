import { fieldErrors, forbidden, notFound } from '../http-errors';
import {
  availableNameAndAddress,
  takenNameOrAddress,
  userJson,
  type AccountsContext,
} from './accounts-context';
import { FieldProblems, messages, NAME_MAX, password, text } from './account-fields';
import { passwordProblems } from './password-validators';
import { hashPassword, passwordMatches } from './passwords';
import { issueTokenPair, replacePasswordEndingSessions } from './tokens.service';
import { findUserById, updateProfile } from './users.repository';
import type {
  AccountJson,
  PasswordChange,
  ProfileChange,
  TokenPair,
} from '../../src/shared/api-contract/accounts';

/** GET users/{id}/username: public, as the browse pages show each file's author. */
export async function publicUsername(context: AccountsContext, id: number) {
  const user = await findUserById(context.db, id);
  if (!user) throw notFound();
  return { username: user.username };
}

/** GET users/{id}/: your own account only. */
export async function ownProfile(
  context: AccountsContext,
  viewerId: number,
  id: number,
): Promise<AccountJson> {
  if (viewerId !== id) throw forbidden();
  const user = await findUserById(context.db, id);
  if (!user) throw notFound();
  return userJson(user);
}

/** PUT users/profile-change/{id}/: your own account only; names may be blank, nothing else. */
export async function changeProfile(
  context: AccountsContext,
  viewerId: number,
  id: number,
  input: ProfileChange,
): Promise<AccountJson> {
  if (viewerId !== id) throw forbidden();
  const problems = new FieldProblems();
  const firstName = text(problems, 'first_name', input.first_name, {
    max: NAME_MAX,
    allowBlank: true,
  });
  const lastName = text(problems, 'last_name', input.last_name, {
    max: NAME_MAX,
    allowBlank: true,
  });
  const { name, address } = await availableNameAndAddress(context, problems, input, id);
  if (
    problems.has() ||
    firstName === null ||
    lastName === null ||
    name === null ||
    address === null
  ) {
    throw fieldErrors(problems.byField);
  }
  try {
    const user = await updateProfile(context.db, id, {
      firstName,
      lastName,
      username: name,
      email: address,
    });
    if (!user) throw notFound();
    return userJson(user);
  } catch (error) {
    throw takenNameOrAddress(error);
  }
}

const passwordSavedDetail = 'New password has been saved.';

/**
 * PUT users/password-change/: needs the old password; the new one must pass Django's validators.
 * Success revokes every refresh token of the user (and, through password_changed_at, every older
 * access token) and hands this session a fresh pair, so only the device that changed the
 * password stays signed in.
 */
export async function changePassword(
  context: AccountsContext,
  userId: number,
  input: PasswordChange,
): Promise<TokenPair & { detail: string }> {
  const user = await findUserById(context.db, userId);
  if (!user) throw notFound();
  const problems = new FieldProblems();
  const oldPassword = password(problems, 'old_password', input.old_password);
  const newPassword = password(problems, 'new_password', input.new_password);
  if (oldPassword !== null && !(await passwordMatches(user.passwordHash, oldPassword))) {
    problems.add('old_password', messages.wrongOldPassword);
  }
  if (newPassword !== null) {
    for (const problem of passwordProblems(newPassword, user))
      problems.add('new_password', problem);
  }
  if (problems.has() || newPassword === null) throw fieldErrors(problems.byField);

  const newHash = await hashPassword(newPassword);
  return context.db.transaction(async (tx) => {
    const changedAt = await replacePasswordEndingSessions(tx, user, newHash);
    if (changedAt === null) throw fieldErrors({ old_password: [messages.wrongOldPassword] });
    // Signed no earlier than the change as the database recorded it, so the new access token
    // is never older than password_changed_at even if the clocks differ.
    const pair = await issueTokenPair(
      tx,
      context.signingKey,
      user,
      Math.max(Date.now(), changedAt.getTime()),
    );
    return { detail: passwordSavedDetail, ...pair };
  });
}
