import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { registerByApi } from './support/accounts';
import { tlaFor } from './support/viewer-files';
import { expireAccessToken, expiredToken, storeSession } from './support/session-tokens';

/**
 * A signed-in user's day: the access token lives five minutes, the user keeps working. Every
 * test starts from a session whose access token expired a minute ago, as after a coffee break,
 * and checks that each part of the site still works for them, and for a user whose whole session
 * has ended, that the public site still does.
 */

const username = `session${Date.now().toString(36)}`;
const password = 'Counterpoint-in-4-voices';
const privateTitle = `Private sketch ${username}`;

/** A file's title on the dashboard (its cell also holds the file's media button). */
const dashboardTitle = (page: Page, title: string) =>
  page.locator('table.own-files td.own-files__title .file-title').getByText(title, { exact: true });
let privateId = 0;

async function logInByApi(request: APIRequestContext) {
  const response = await request.post('/api/v1/token/', { data: { username, password } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { access: string; refresh: string };
}

/**
 * Opens the site with a session whose access token has expired; its refresh token is live, or
 * expired too with `refreshExpired`.
 */
async function startWithExpiredAccess(
  page: Page,
  request: APIRequestContext,
  { refreshExpired = false } = {},
) {
  const pair = await logInByApi(request);
  await page.goto('/about');
  await storeSession(page, {
    access: await expiredToken('access', pair.access),
    refresh: refreshExpired ? await expiredToken('refresh', pair.access) : pair.refresh,
    username,
  });
}

async function expectDrawn(page: Page) {
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
}

test.beforeAll(async ({ request }) => {
  await registerByApi(request, username, password, { firstname: 'Fanny', lastname: 'Hensel' });
  const { access } = await logInByApi(request);
  const form = new FormData();
  form.append('is_public', 'false');
  const tla = tlaFor('', privateTitle, 20);
  form.append('file', new Blob([new Uint8Array(tla)]), 'sketch.tla');
  const uploaded = await request.fetch('/api/v1/upload/', {
    method: 'POST',
    headers: { Authorization: `Bearer ${access}` },
    multipart: form,
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  privateId = ((await uploaded.json()) as { files: { id: number }[] }).files[0]!.id;
});

test.describe('with an expired access token', () => {
  test.beforeEach(async ({ page, request }) => {
    await startWithExpiredAccess(page, request);
  });

  test('the viewer draws a public example and the own private file', async ({ page }) => {
    await page.goto('/viewer/135');
    await expectDrawn(page);
    await expect(page.getByText(`Hi, ${username}`)).toBeVisible();

    await expireAccessToken(page);
    await page.goto(`/viewer/${privateId}`);
    await expectDrawn(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(privateTitle);
    await expect(page.getByText(`Hi, ${username}`)).toBeVisible();
  });

  test('search, the dashboard, an upload and a download work', async ({ page }) => {
    await page.goto('/browse/files/');
    await page.getByPlaceholder('contains...').first().fill('K. 284');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.locator('table tbody tr').first()).toContainText('K. 284');

    await expireAccessToken(page);
    await page.goto('/dashboard/');
    await expect(dashboardTitle(page, privateTitle)).toBeVisible();

    await expireAccessToken(page);
    await page.goto('/upload/');
    const uploadTitle = `Second sketch ${username}`;
    await page.locator('input[type=file]').setInputFiles({
      name: 'second.tla',
      mimeType: 'application/json',
      buffer: tlaFor('', uploadTitle, 10),
    });
    await page.getByRole('button', { name: 'UPLOAD' }).click();
    await expect(page.getByText('Succesfully uploaded file(s)')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/?$/);
    await expect(dashboardTitle(page, uploadTitle)).toBeVisible();

    await expireAccessToken(page);
    await page.reload();
    const row = page.locator('table.own-files tbody tr').filter({
      has: page.locator('td.own-files__title .file-title').getByText(privateTitle, { exact: true }),
    });
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download ${privateTitle}` }).click();
    const download = await downloading;
    const saved = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      media_metadata: { title: string };
    };
    expect(saved.media_metadata.title).toBe(privateTitle);
    await expect(page.getByText(`Hi, ${username}`)).toBeVisible();
  });
});

test('with the refresh token also expired, the public viewer draws and the user is logged out', async ({
  page,
  request,
}) => {
  await startWithExpiredAccess(page, request, { refreshExpired: true });
  await page.goto('/viewer/135');
  await expectDrawn(page);
  await expect(page.getByRole('link', { name: 'LOGIN' })).toBeVisible();
  await expect(page.getByText(`Hi, ${username}`)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  // The private file is now as private to this visitor as to anyone.
  await page.goto(`/viewer/${privateId}`);
  await expect(page.getByText('This file does not exist, or it is private')).toBeVisible();
});

test('two tabs renewing the same session at once both stay signed in (the refresh token rotates)', async ({
  context,
  request,
}) => {
  const first = await context.newPage();
  await startWithExpiredAccess(first, request);
  const second = await context.newPage();
  // The first tab's renewal is slow to reach the server: the second tab needs one meanwhile.
  await first.route('**/api/v1/token/refresh/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  const firstRenewal = first.waitForRequest('**/api/v1/token/refresh/');
  const firstLoad = first.goto('/dashboard/');
  await firstRenewal;
  await second.goto('/dashboard/');
  await firstLoad;
  for (const tab of [first, second]) {
    await expect(dashboardTitle(tab, privateTitle)).toBeVisible();
    await expect(tab.getByText(`Hi, ${username}`)).toBeVisible();
  }
});
