import { ApiRequestError, apiGet, apiPost, apiPut } from './api-client';

/**
 * The account calls of SPEC.md section 7 (login and logout live in api-client, which owns the
 * tokens). Failures throw ApiRequestError with DRF's per-field messages.
 */

/** The account as GET users/{id}/ and PUT users/profile-change/{id}/ return it. */
export interface AccountJson {
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
}

export interface RegistrationForm {
  firstname: string;
  lastname: string;
  username: string;
  email: string;
  password1: string;
  password2: string;
}

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
export async function resetLinkWorks(link: { uid: string; token: string }): Promise<boolean> {
  try {
    await apiPost('dj-rest-auth/password/reset/validate/', link, { anonymous: true });
    return true;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400) return false;
    throw error;
  }
}

export async function confirmPasswordReset(form: {
  uid: string;
  token: string;
  new_password1: string;
  new_password2: string;
}): Promise<void> {
  await apiPost('dj-rest-auth/password/reset/confirm/', form, { anonymous: true });
}

export async function fetchAccount(userId: number): Promise<AccountJson> {
  return (await apiGet<AccountJson>(`users/${userId}/`)).data;
}

export async function changeProfile(
  userId: number,
  profile: Pick<AccountJson, 'first_name' | 'last_name' | 'username' | 'email'>,
): Promise<AccountJson> {
  return (await apiPut<AccountJson>(`users/profile-change/${userId}/`, profile)).data;
}

/** Success revokes every other session; the server hands this one a new pair. */
export async function changePassword(form: {
  old_password: string;
  new_password: string;
}): Promise<{ access: string; refresh: string }> {
  return (await apiPut<{ access: string; refresh: string }>('users/password-change/', form)).data;
}
