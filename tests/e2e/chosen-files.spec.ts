import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signUpAndLogIn, TEST_PASSWORD } from './support/pdf-uploads';
import { tlaFor } from './support/viewer-files';

/**
 * A file chosen from the disk that is gone by the time the page reads it (moved, deleted, or
 * changed on a synced folder): SPEC.md section 8's 'Error while reading a file', with its name,
 * and nothing sent.
 */

let folder = '';
test.beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'tilia-chosen-'));
});
test.afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** Writes a .tla into the temporary folder and gives its path. */
function chosenTla(name: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, tlaFor('', 'Gone before it was read', 10));
  return file;
}

test('the local viewer says a chosen file could not be read', async ({ page }) => {
  await page.goto('/viewer/local');
  const file = chosenTla('vanishing.tla');
  await page.locator('input[type="file"]').setInputFiles(file);
  rmSync(file);
  await page.getByRole('button', { name: 'Show in the viewer' }).click();
  await expect(page.getByRole('alert')).toContainText(
    "Error while reading a file: 'vanishing.tla' could not be read",
  );
  await expect(page.getByTestId('timelines')).toHaveCount(0);
});

test('the upload page says a chosen file could not be read, and uploads nothing', async ({
  page,
  request,
}) => {
  const username = `chooser${Date.now().toString(36)}`;
  await signUpAndLogIn(request, username);
  await page.goto('/login/');
  await page.getByLabel('USER NAME').fill(username);
  await page.getByLabel('PASSWORD').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  const uploads: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/v1/upload')) uploads.push(sent.url());
  });
  await page.goto('/upload/');
  const file = chosenTla('moved-away.tla');
  await page.locator('input[type=file]').setInputFiles(file);
  rmSync(file);
  await page.getByRole('button', { name: 'UPLOAD', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Error uploading file(s)');
  await expect(page.getByRole('alert')).toContainText(
    "Error while reading a file: 'moved-away.tla' could not be read",
  );
  expect(uploads).toEqual([]);
});
