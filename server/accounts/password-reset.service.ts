import { fieldErrors } from '../http-errors';
import type { AccountsContext } from './accounts-context';
import type { Mailer } from './mailer';
import { FieldProblems, messages, password } from './account-fields';
import {
  decodeUid,
  encodeUid,
  isValidResetToken,
  makeResetToken,
  RESET_TOKEN_SECONDS,
} from './password-reset-token';
import { passwordProblems } from './password-validators';
import { hashPassword } from './passwords';
import { replacePasswordEndingSessions } from './tokens.service';
import { findResettableUsersByEmail, findUserById } from './users.repository';
import type { ResetConfirmation } from '../../src/shared/api-contract/accounts';

export const resetSentDetail = 'Password reset e-mail has been sent.';
export const resetDoneDetail = 'Password has been reset with the new password.';
export const resetLinkValidDetail = 'The password reset link is valid.';

function resetLink(publicUrl: string, uid: string, token: string): string {
  return `${publicUrl}/reset-password/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`;
}

function resetMessage(link: string, username: string): string {
  const days = RESET_TOKEN_SECONDS / 86_400;
  return [
    "You're receiving this e-mail because you or someone else asked for a password reset",
    'for your user account at TiLiA.',
    '',
    'Please go to the following page and choose a new password:',
    '',
    link,
    '',
    `Your username, in case you've forgotten: ${username}`,
    '',
    `The link works once and expires in ${days} days. If you did not ask for a new password,`,
    'you can ignore this e-mail: your password stays as it is.',
    '',
    'The TiLiA team',
    '',
  ].join('\n');
}

/**
 * POST dj-rest-auth/password/reset/: mails a reset link to each active account with a password
 * registered under the address. The caller answers the same whether or not one exists.
 */
export async function requestPasswordReset(
  context: AccountsContext,
  mailer: Mailer,
  address: string,
): Promise<void> {
  const users = await findResettableUsersByEmail(context.db, address);
  for (const user of users) {
    const link = resetLink(
      context.publicUrl,
      encodeUid(user.id),
      makeResetToken(context.secret, user),
    );
    mailer.deliver({
      to: user.email,
      subject: 'Password reset on TiLiA',
      text: resetMessage(link, user.username),
    });
  }
}

/**
 * The account a reset link's uid and token still open, or the 400 dj-rest-auth gives for them:
 * `uid` "Invalid value" for no such active account, `token` for a used, expired or mangled token.
 */
export async function resetLinkUser(context: AccountsContext, uid: string, token: string) {
  const userId = decodeUid(uid);
  const user = userId === null ? null : await findUserById(context.db, userId);
  if (!user || !user.isActive) throw fieldErrors({ uid: [messages.invalidValue] });
  if (!isValidResetToken(context.secret, user, token)) {
    throw fieldErrors({ token: [messages.invalidValue] });
  }
  return user;
}

/**
 * POST dj-rest-auth/password/reset/confirm/: dj-rest-auth's order of checks (uid, token, then
 * Django's SetPasswordForm, whose messages sit on new_password2). Success changes the password,
 * which kills the token and every refresh token of the user.
 */
export async function confirmPasswordReset(
  context: AccountsContext,
  input: ResetConfirmation,
): Promise<void> {
  const user = await resetLinkUser(context, input.uid, input.token);
  const problems = new FieldProblems();
  const first = password(problems, 'new_password1', input.new_password1);
  const second = password(problems, 'new_password2', input.new_password2);
  if (first !== null && second !== null) {
    if (first !== second) problems.add('new_password2', messages.passwordMismatch);
    else
      for (const problem of passwordProblems(second, user)) problems.add('new_password2', problem);
  }
  if (problems.has() || first === null) throw fieldErrors(problems.byField);

  const newHash = await hashPassword(first);
  await context.db.transaction(async (tx) => {
    // The token was checked against this hash; a concurrent use of the same token lost the race.
    const changedAt = await replacePasswordEndingSessions(tx, user, newHash);
    if (changedAt === null) throw fieldErrors({ token: [messages.invalidValue] });
  });
}
