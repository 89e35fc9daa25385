import type * as Api from '../shared/api-types';
import { ApiRequestError, apiGet, apiPost, apiPut } from './api-client';

/**
 * The account calls of SPEC.md section 7 (login and logout live in api-client, which owns the
 * tokens). Failures throw ApiRequestError with DRF's per-field messages.
 */

/** The account as GET users/{id}/ and PUT users/profile-change/{id}/ return it. */
export type AccountJson = Api.AccountJson;
export type RegistrationForm = Api.Registration;

export async function register(form: RegistrationForm): Promise<void> {
  await apiPost('/dj-rest-auth/registration/', form, { anonymous: true });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await apiPost('dj-rest-auth/password/reset/', { email }, { anonymous: true });
}

/**
 * Whether an e-mailed reset link can still set a password: false for a used, expired or mangled
 * link (the server's 400), true when it can. Other failures (no network) throw.
 */
export async function resetLinkWorks(link: Api.ResetLink): Promise<boolean> {
  try {
    await apiPost('dj-rest-auth/password/reset/validate/', link, { anonymous: true });
    return true;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400) return false;
    throw error;
  }
}

export async function confirmPasswordReset(form: Api.ResetConfirmation): Promise<void> {
  await apiPost('dj-rest-auth/password/reset/confirm/', form, { anonymous: true });
}

export async function fetchAccount(userId: number): Promise<AccountJson> {
  return (await apiGet<AccountJson>(`users/${userId}/`)).data;
}

export async function changeProfile(
  userId: number,
  profile: Api.ProfileChange,
): Promise<AccountJson> {
  return (await apiPut<AccountJson>(`users/profile-change/${userId}/`, profile)).data;
}

/** Success revokes every other session; the server hands this one a new pair. */
export async function changePassword(form: Api.PasswordChange): Promise<Api.TokenPair> {
  return (await apiPut<Api.PasswordChanged>('users/password-change/', form)).data;
}
