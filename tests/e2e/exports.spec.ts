import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { signUpAndLogIn, TEST_PASSWORD } from './support/pdf-uploads';

/**
 * The Export menu on the dashboard, in Chromium: it opens from a file's row, is worked by the
 * keyboard alone, downloads a private file's exports with the owner's session, and stays inside
 * the window on a phone. Screenshots of it open go to /tmp/wt-export-shots/ to be looked at.
 */

const SHOTS = '/tmp/wt-export-shots';
const username = `exporter${Date.now().toString(36)}`;
const harmony = { file: 'harmony-v0.6.4.tla', title: 'harmony-roman-s' };

async function logIn(page: Page) {
  await page.goto('/login/');
  await page.getByLabel('USER NAME').fill(username);
  await page.getByLabel('PASSWORD').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

test.beforeAll(async ({ request }) => {
  const access = await signUpAndLogIn(request, username);
  const form = new FormData();
  const bytes = readFileSync(`tests/fixtures/tla/${harmony.file}`);
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: 'application/json' }),
    harmony.file,
  );
  // Private: only the owner's session can export it.
  form.append('is_public', 'false');
  const response = await request.post('/api/v1/upload/', {
    headers: { authorization: `Bearer ${access}` },
    multipart: form,
  });
  expect(response.status(), await response.text()).toBe(201);
});

/** The whole of an element lies inside a window of the given size. */
async function expectInWindow(page: Page, element: Locator, width: number, height: number) {
  const box = (await element.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

async function openDashboard(page: Page) {
  await logIn(page);
  await page.goto('/dashboard/');
  const row = page.locator('table.own-files tbody tr').filter({ hasText: harmony.title });
  await expect(row).toHaveCount(1);
  return row;
}

test('the Export menu opens from a row and is worked by the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const row = await openDashboard(page);
  const button = row.getByRole('button', { name: `Export ${harmony.title}` });
  await button.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('group', { name: `Export ${harmony.title}` });
  await expect(panel).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const items = panel.getByRole('button');
  await expect(items).toHaveText([
    /JAMS/,
    /Audacity labels/,
    /Sonic Visualiser layers/,
    /W3C Web Annotation/,
  ]);
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.nth(3)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();
  await expectInWindow(page, panel, 1440, 900);
  await page.screenshot({ path: `${SHOTS}/export-menu-dashboard-1440.png` });

  // Enter on a format downloads it, with the owner's session, and closes the menu.
  await page.keyboard.press('ArrowDown');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.keyboard.press('Enter'),
  ]);
  expect(download.suggestedFilename()).toBe(`${harmony.title} - Audacity labels.zip`);
  const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(Object.keys(zip)).toEqual(['Timeline.txt']);
  await expect(panel).toBeHidden();

  // Escape closes it and gives the focus back to its button.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});

test('a JAMS export downloads from the menu as a document named after the work', async ({
  page,
}) => {
  const row = await openDashboard(page);
  await row.getByRole('button', { name: `Export ${harmony.title}` }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /JAMS/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${harmony.title}.jams`);
  const jams = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    annotations: { namespace: string }[];
  };
  expect(jams.annotations.map((a) => a.namespace)).toEqual(['chord_roman', 'key_mode']);
});

test('on a phone the open menu stays inside the window', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const row = await openDashboard(page);
  const button = row.getByRole('button', { name: `Export ${harmony.title}` });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  const panel = page.getByRole('group', { name: `Export ${harmony.title}` });
  await expect(panel).toBeVisible();
  await expectInWindow(page, panel, 360, 740);
  await page.screenshot({ path: `${SHOTS}/export-menu-dashboard-360.png` });
});

test('the viewer offers the same Export menu for the file it shows', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/viewer/135/');
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
  const json = (await (await page.request.get('/api/v1/files/135/json')).json()) as {
    abstract_work: { title: string };
  };
  await page.getByRole('button', { name: `Export ${json.abstract_work.title}` }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /JAMS/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.jams$/);
  const jams = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    annotations: { namespace: string }[];
  };
  expect(jams.annotations.map((a) => a.namespace)).toEqual(
    expect.arrayContaining(['beat_position', 'chord_roman', 'key_mode']),
  );
});
