import { fieldErrors } from '../http-errors';
import {
  availableNameAndAddress,
  takenNameOrAddress,
  userJson,
  type AccountsContext,
} from './accounts-context';
import { FieldProblems, messages, NAME_MAX, password, text } from './account-fields';
import { passwordProblems } from './password-validators';
import { hashPassword } from './passwords';
import { insertUser } from './users.repository';
import type { AccountJson, Registration } from '../../src/shared/api-contract/accounts';

/**
 * POST dj-rest-auth/registration/: every field is checked and every problem reported at once,
 * per field, with dj-rest-auth's and Django's messages; the differing-passwords message is a
 * non-field error, as dj-rest-auth raises it.
 */
export async function register(
  context: AccountsContext,
  input: Registration,
): Promise<AccountJson> {
  const problems = new FieldProblems();
  const firstName = text(problems, 'firstname', input.firstname, { max: NAME_MAX });
  const lastName = text(problems, 'lastname', input.lastname, { max: NAME_MAX });
  const { name, address } = await availableNameAndAddress(context, problems, input);
  const first = password(problems, 'password1', input.password1);
  const second = password(problems, 'password2', input.password2);
  if (first !== null) {
    const owner = {
      username: name ?? input.username,
      firstName: firstName ?? input.firstname,
      lastName: lastName ?? input.lastname,
      email: address ?? input.email,
    };
    for (const problem of passwordProblems(first, owner)) problems.add('password1', problem);
  }
  if (first !== null && second !== null && first !== second) {
    problems.add('non_field_errors', messages.passwordMismatch);
  }
  if (
    problems.has() ||
    firstName === null ||
    lastName === null ||
    name === null ||
    address === null ||
    first === null
  ) {
    throw fieldErrors(problems.byField);
  }

  const passwordHash = await hashPassword(first);
  try {
    const user = await insertUser(context.db, {
      username: name,
      email: address,
      firstName,
      lastName,
      passwordHash,
    });
    return userJson(user);
  } catch (error) {
    throw takenNameOrAddress(error);
  }
}
