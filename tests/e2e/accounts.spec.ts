import { expect, test, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { registerByApi } from './support/accounts';
import { collectDialogs } from './support/dialogs';
import { expectLinkTargets } from './support/links';
import { outboxMessages, resetLinkIn } from '../server/support/accounts';

// The server of playwright.config.ts keeps its data (secret key, outbox) here.
const dataDir = path.resolve(`test-results/e2e-data-${process.env.E2E_PORT ?? 8191}`);
const password = 'velvet-harpsichord-93';
// Unique per run, so the spec also passes against a server that keeps its data.
const run = Date.now().toString(36);

function pathname(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the page is at `route` and shows `text`. */
async function expectPageWith(page: Page, route: string, text: string) {
  await expect.poll(() => pathname(page)).toBe(route);
  await expect(page.getByText(text)).toBeVisible();
}

/** An input's messages: the list its aria-describedby points at, right under it. */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function registerThroughApi(page: Page, username: string) {
  await registerByApi(page.request, username, password, { firstname: 'Clara', lastname: 'Wieck' });
}

async function logInThroughForm(page: Page, username: string, secret = password) {
  await page.goto('/login/');
  await field(page, 'USER NAME').fill(username);
  await field(page, 'PASSWORD').fill(secret);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect.poll(() => pathname(page)).toBe('/');
  await expect(page.getByRole('button', { name: `Hi, ${username}` })).toBeVisible();
}

/** An access token that expired a minute ago, signed with the server's own key. */
async function expiredAccessToken(userId: number, username: string): Promise<string> {
  const secret = readFileSync(path.join(dataDir, 'secret-key'), 'utf8').trim();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_type: 'access', user_id: userId, username, jti: `expired${now}` })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 360)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(secret));
}

const stored = (page: Page, key: string) =>
  page.evaluate((name) => localStorage.getItem(name), key);

test.describe('accounts', () => {
  test('register, log in, change profile and password, log out, reset the password by e-mail', async ({
    page,
  }) => {
    const username = `clara${run}`;
    const renamed = `schumann${run}`;
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'SIGN UP' }).click();
    await expect(page).toHaveTitle('Sign up');
    await expect(page.getByRole('link', { name: 'Already registered? Log in.' })).toHaveAttribute(
      'href',
      '/login/',
    );
    await field(page, 'FIRST NAME').fill('Clara');
    await field(page, 'LAST NAME').fill('Wieck');
    await field(page, 'USERNAME').fill(username);
    await field(page, 'E-MAIL').fill(`${username}@example.org`);
    await field(page, 'PASSWORD').fill(password);
    await field(page, 'REPEAT PASSWORD').fill(password);
    await page.getByRole('button', { name: 'SIGN UP' }).click();
    await expect.poll(() => pathname(page)).toBe('/login/');
    // The login page says the account is made, with its username filled in.
    await expect(page.getByRole('status').filter({ hasText: 'account' })).toHaveText(
      'Your account is ready. Log in with your password to start uploading.',
    );
    await expect(field(page, 'USER NAME')).toHaveValue(username);

    await logInThroughForm(page, username);
    expect(await stored(page, 'username')).toBe(username);
    expect(await stored(page, 'accessToken')).toMatch(/^ey/);
    expect(await stored(page, 'refreshToken')).toMatch(/^ey/);
    await expect(nav.getByRole('link', { name: 'LOGIN' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'SIGN UP' })).toHaveCount(0);
    const greeting = nav.getByRole('button', { name: `Hi, ${username}` });
    await greeting.click();
    await expectLinkTargets(nav, [
      ['Upload', '/upload/'],
      ['Dashboard', '/dashboard/'],
    ]);
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await greeting.click();

    // Change profile: the form starts from the stored account.
    await page.goto('/change-profile/');
    await expect(page).toHaveTitle('Change user information');
    await expect(field(page, 'USERNAME')).toHaveValue(username);
    await expect(field(page, 'FIRST NAME')).toHaveValue('Clara');
    await field(page, 'LAST NAME').fill('Schumann');
    await field(page, 'USERNAME').fill(renamed);
    await page.getByRole('button', { name: 'SAVE' }).click();
    await expect(page.getByText('Information changed successfully.')).toBeVisible();
    await expect(nav.getByRole('button', { name: `Hi, ${renamed}` })).toBeVisible();

    // Change password: this session goes on with the new pair the server hands out.
    await page.goto('/change-password/');
    await expect(page).toHaveTitle('Login');
    await field(page, 'OLD PASSWORD').fill(password);
    await field(page, 'NEW PASSWORD').fill('changed-by-hand-42');
    await field(page, 'REPEAT NEW PASSWORD').fill('changed-by-hand-42');
    await page.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await expect(page.getByText('Password changed!')).toBeVisible();
    await page.goto('/change-profile/');
    await expect(field(page, 'USERNAME')).toHaveValue(renamed);
    expect(pathname(page)).toBe('/change-profile/');

    // Logout posts the refresh token, which is then dead.
    const refreshBefore = await stored(page, 'refreshToken');
    const logoutCall = page.waitForRequest((request) =>
      request.url().endsWith('/api/v1/token/logout/'),
    );
    await nav.getByRole('button', { name: `Hi, ${renamed}` }).click();
    await nav.getByRole('button', { name: 'Logout' }).click();
    expect((await logoutCall).postDataJSON()).toEqual({ refresh: refreshBefore });
    await expect.poll(() => pathname(page)).toBe('/');
    await expect(nav.getByRole('link', { name: 'LOGIN' })).toBeVisible();
    for (const key of ['accessToken', 'refreshToken', 'username'])
      expect(await stored(page, key)).toBeNull();
    const reused = await page.request.post('/api/v1/token/refresh/', {
      data: { refresh: refreshBefore },
    });
    expect(reused.status()).toBe(401);

    // Forgot the password: ask for a link, follow it from the outbox, set a new password.
    await page.goto('/login/');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectPageWith(
      page,
      '/reset-password/',
      'Enter the e-mail you registered with to receive a link to reset your password.',
    );
    await field(page, 'E-MAIL').fill(`${username}@example.org`);
    await page.getByRole('button', { name: 'SEND E-MAIL' }).click();
    await expectPageWith(
      page,
      '/reset-password-confirm/',
      'If the e-mail you provided was registered, you will receive a password reset link.',
    );
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Back to the home page' }),
    ).toHaveAttribute('href', '/');

    const outbox = path.join(dataDir, 'outbox');
    let message = '';
    await expect
      .poll(async () => {
        message =
          (await outboxMessages(outbox)).find((m) => m.includes(`To: ${username}@example.org`)) ??
          '';
        return message !== '';
      })
      .toBe(true);
    const { link } = resetLinkIn(message);
    expect(link.startsWith(`${new URL(page.url()).origin}/reset-password/`)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await field(page, 'NEW PASSWORD').fill('reset-by-mail-sonata-5');
    await field(page, 'REPEAT NEW PASSWORD').fill('reset-by-mail-sonata-6');
    await page.getByRole('button', { name: 'SET PASSWORD' }).click();
    await expect(field(page, 'REPEAT NEW PASSWORD')).toHaveAccessibleDescription(
      "The two password fields didn't match.",
    );
    await field(page, 'REPEAT NEW PASSWORD').fill('reset-by-mail-sonata-5');
    await page.getByRole('button', { name: 'SET PASSWORD' }).click();
    await expect(page.getByText('Your password has been reset.')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect.poll(() => pathname(page)).toBe('/login/');
    await logInThroughForm(page, renamed, 'reset-by-mail-sonata-5');

    // The link worked once: opened again, it says so and offers no form to fill in for nothing.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(page.getByText(/This password reset link is invalid/)).toBeVisible();
    await expect(field(page, 'NEW PASSWORD')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'SET PASSWORD' })).toHaveCount(0);
  });

  test('an expired access token is refreshed without the user noticing', async ({ page }) => {
    const username = `fanny${run}`;
    await registerThroughApi(page, username);
    const dialogs = collectDialogs(page);
    await logInThroughForm(page, username);
    const userId = JSON.parse(
      Buffer.from((await stored(page, 'accessToken'))!.split('.')[1]!, 'base64url').toString(),
    ).user_id as number;
    const expired = await expiredAccessToken(userId, username);
    await page.evaluate((token) => localStorage.setItem('accessToken', token), expired);
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/token/refresh/')) refreshes.push(request.url());
    });

    await page.goto('/change-profile/');
    await expect(field(page, 'USERNAME')).toHaveValue(username);
    expect(pathname(page)).toBe('/change-profile/');
    expect(refreshes).toHaveLength(1);
    const renewed = await stored(page, 'accessToken');
    expect(renewed).not.toBe(expired);
    expect(renewed).toMatch(/^ey/);
    expect(dialogs).toEqual([]);
  });

  test('without a refresh token, or with a dead one, the user is sent to the login page', async ({
    page,
  }) => {
    const username = `felix${run}`;
    await registerThroughApi(page, username);
    await logInThroughForm(page, username);
    const userId = JSON.parse(
      Buffer.from((await stored(page, 'accessToken'))!.split('.')[1]!, 'base64url').toString(),
    ).user_id as number;
    const expired = await expiredAccessToken(userId, username);
    const logs: string[] = [];
    page.on('console', (entry) => logs.push(entry.text()));

    await page.evaluate((token) => {
      localStorage.setItem('accessToken', token);
      localStorage.removeItem('refreshToken');
    }, expired);
    await page.goto('/change-profile/');
    await expect.poll(() => pathname(page)).toBe('/login/');
    expect(logs).toContain('Refresh token not available.');
    expect(await stored(page, 'accessToken')).toBeNull();

    await page.evaluate((token) => {
      localStorage.setItem('accessToken', token);
      localStorage.setItem('refreshToken', 'not-a-refresh-token');
    }, expired);
    await page.goto('/change-profile/');
    await expect.poll(() => pathname(page)).toBe('/login/');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    expect(await stored(page, 'refreshToken')).toBeNull();
  });

  test('a call that gets no response alerts the user', async ({ page }) => {
    const dialogs = collectDialogs(page);
    await page.route('**/api/v1/token/', (route) => route.abort('connectionrefused'));
    await page.goto('/login/');
    await field(page, 'USER NAME').fill('someone');
    await field(page, 'PASSWORD').fill('something');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect
      .poll(() => dialogs)
      .toEqual(['A server/network error occurred. Try waiting for a bit and reloading the page.']);
  });

  test('guards: signed-out users go to /login, signed-in users skip sign-up and login', async ({
    page,
  }) => {
    for (const route of ['/change-password', '/change-profile', '/dashboard/', '/upload/']) {
      await page.goto(route);
      await expect.poll(() => pathname(page), route).toMatch(/^\/login\/?$/);
    }
    const username = `guard${run}`;
    await registerThroughApi(page, username);
    await logInThroughForm(page, username);
    for (const route of ['/register/', '/login/', '/register', '/login']) {
      await page.goto(route);
      await expect.poll(() => pathname(page), route).toBe('/');
    }
  });
});

test.describe('account validation messages (SPEC.md section 5)', () => {
  test('login: required fields, and the detail of a refused login', async ({ page }) => {
    await page.goto('/login/');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(field(page, 'USER NAME')).toHaveAccessibleDescription('This field is required');
    await expect(field(page, 'PASSWORD')).toHaveAccessibleDescription('This field is required');
    await field(page, 'USER NAME').fill(`nobody${run}`);
    await field(page, 'PASSWORD').fill('wrong-password');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(
      page.getByText('No active account found with the given credentials'),
    ).toBeVisible();
    await expect(field(page, 'USER NAME')).toHaveAccessibleDescription('');
  });

  test("sign-up: the server's messages under each field and the non-field errors", async ({
    page,
  }) => {
    const taken = `brahms${run}`;
    await registerThroughApi(page, taken);
    await page.goto('/register/');
    await page.getByRole('button', { name: 'SIGN UP' }).click();
    for (const label of [
      'FIRST NAME',
      'LAST NAME',
      'USERNAME',
      'E-MAIL',
      'PASSWORD',
      'REPEAT PASSWORD',
    ]) {
      await expect(field(page, label), label).toHaveAccessibleDescription(
        'This field may not be blank.',
      );
    }

    await field(page, 'FIRST NAME').fill('Johannes');
    await field(page, 'LAST NAME').fill('Brahms');
    await field(page, 'USERNAME').fill(taken);
    await field(page, 'E-MAIL').fill('not-an-address');
    await field(page, 'PASSWORD').fill('12345678');
    await field(page, 'REPEAT PASSWORD').fill('12345678');
    await page.getByRole('button', { name: 'SIGN UP' }).click();
    await expect(field(page, 'USERNAME')).toHaveAccessibleDescription(
      'A user with that username already exists.',
    );
    await expect(field(page, 'E-MAIL')).toHaveAccessibleDescription('Enter a valid email address.');
    await expect(field(page, 'PASSWORD')).toHaveAccessibleDescription(
      /^This password is too common\.\s*This password is entirely numeric\.$/,
    );
    await expect(field(page, 'FIRST NAME')).toHaveAccessibleDescription('');

    await field(page, 'USERNAME').fill(`joh${run}`);
    await field(page, 'E-MAIL').fill(`${taken}@example.org`);
    await field(page, 'PASSWORD').fill('hungarian-dance-5');
    await field(page, 'REPEAT PASSWORD').fill('hungarian-dance-6');
    await page.getByRole('button', { name: 'SIGN UP' }).click();
    await expect(field(page, 'E-MAIL')).toHaveAccessibleDescription(
      'A user is already registered with this e-mail address.',
    );
    await expect(page.getByText("The two password fields didn't match.")).toBeVisible();
    expect(pathname(page)).toBe('/register/');
  });

  test('change password: required, mismatch, and the server messages', async ({ page }) => {
    const username = `grieg${run}`;
    await registerThroughApi(page, username);
    await logInThroughForm(page, username);
    await page.goto('/change-password/');
    const submit = page.getByRole('button', { name: 'CHANGE PASSWORD' });
    await submit.click();
    for (const label of ['OLD PASSWORD', 'NEW PASSWORD', 'REPEAT NEW PASSWORD']) {
      await expect(field(page, label), label).toHaveAccessibleDescription('This field is required');
    }
    await field(page, 'OLD PASSWORD').fill('not-my-password');
    await field(page, 'NEW PASSWORD').fill(`${username}1`);
    await field(page, 'REPEAT NEW PASSWORD').fill(`${username}2`);
    await submit.click();
    await expect(field(page, 'REPEAT NEW PASSWORD')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    await expect(field(page, 'OLD PASSWORD')).toHaveAccessibleDescription('');

    await field(page, 'REPEAT NEW PASSWORD').fill(`${username}1`);
    await submit.click();
    await expect(field(page, 'OLD PASSWORD')).toHaveAccessibleDescription(
      'Your old password was entered incorrectly. Please enter it again.',
    );
    await expect(field(page, 'NEW PASSWORD')).toHaveAccessibleDescription(
      'The password is too similar to the username.',
    );
    await expect(page.getByText('Password changed!')).toHaveCount(0);
  });

  test('password reset: the server message for the e-mail field', async ({ page }) => {
    await page.goto('/reset-password/');
    await field(page, 'E-MAIL').fill('not-an-address');
    await page.getByRole('button', { name: 'SEND E-MAIL' }).click();
    await expect(field(page, 'E-MAIL')).toHaveAccessibleDescription('Enter a valid email address.');
    expect(pathname(page)).toBe('/reset-password/');
  });

  test('profile change: the server messages per field', async ({ page }) => {
    const other = `dvorak${run}`;
    await registerThroughApi(page, other);
    const username = `smetana${run}`;
    await registerThroughApi(page, username);
    await logInThroughForm(page, username);
    await page.goto('/change-profile/');
    await expect(field(page, 'USERNAME')).toHaveValue(username);
    await field(page, 'USERNAME').fill(other.toUpperCase());
    await field(page, 'E-MAIL').fill('nope');
    await field(page, 'FIRST NAME').fill('x'.repeat(151));
    await page.getByRole('button', { name: 'SAVE' }).click();
    await expect(field(page, 'USERNAME')).toHaveAccessibleDescription(
      'A user with that username already exists.',
    );
    await expect(field(page, 'E-MAIL')).toHaveAccessibleDescription('Enter a valid email address.');
    await expect(field(page, 'FIRST NAME')).toHaveAccessibleDescription(
      'Ensure this field has no more than 150 characters.',
    );
    await expect(page.getByText('Information changed successfully.')).toHaveCount(0);
  });

  test('reset link page: a mangled link', async ({ page }) => {
    await page.goto('/reset-password/MQ/abc-123/');
    await expect(page.getByText(/This password reset link is invalid/)).toBeVisible();
    await expect(field(page, 'NEW PASSWORD')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/reset-password/',
    );
  });
});
