import { expect, type APIRequestContext } from '@playwright/test';

/** The first and last name an account is registered with, where a test shows them. */
export interface PersonName {
  firstname: string;
  lastname: string;
}

/** Registers `username` (at username@example.org) through the API, as the sign-up form would. */
export async function registerByApi(
  request: APIRequestContext,
  username: string,
  password: string,
  name: PersonName,
): Promise<void> {
  const response = await request.post('/api/v1/dj-rest-auth/registration/', {
    data: {
      ...name,
      username,
      email: `${username}@example.org`,
      password1: password,
      password2: password,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}
