import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { registerByApi } from './support/accounts';
import { expectLinkTargets } from './support/links';
import { analysisTla, pagesFrom } from './support/pdf-uploads';

/**
 * Uploads and the dashboard end to end in Chromium: log in, upload two real desktop files privately, find them on
 * the dashboard, open one in the viewer, make it public, find it in browse, download it (the same
 * bytes), delete it, and see it gone from the dashboard and from browse.
 */

const FIXTURES = path.resolve('tests/fixtures/tla');
const harmony = { file: 'harmony-v0.6.4.tla', title: 'harmony-roman-s' };
const hierarchy = { file: 'hierarchy-v0.1.1.tla', title: 'test file' };
const youtube = { file: 'youtube-marker-v0.6.4.tla', title: 'repro - YouTube video loads' };

// A fresh account per run: the E2E database persists between specs of one run.
const username = `uploader${Date.now().toString(36)}`;
const password = 'Sonata-form-1781';

async function logIn(page: Page) {
  await page.goto('/login/');
  await page.getByLabel('USER NAME').fill(username);
  await page.getByLabel('PASSWORD').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

/** A dashboard row by its title (the title cell also holds the file's media button). */
function row(page: Page, title: string) {
  return page.locator('table.own-files tbody tr').filter({
    has: page.locator('td.own-files__title .file-title').getByText(title, { exact: true }),
  });
}

async function searchBrowse(page: Page, title: string) {
  await page.goto('/browse/files/');
  await page.getByPlaceholder('contains...').first().fill(title);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test.beforeAll(async ({ request }) => {
  await registerByApi(request, username, password, { firstname: 'Clara', lastname: 'Wieck' });
});

test('upload two files, manage them on the dashboard, and delete one', async ({
  page,
}, testInfo) => {
  await logIn(page);

  // Upload page: the form, the required file, then two files, private.
  await page.goto('/upload/');
  await expect(page).toHaveTitle('Upload');
  await expect(page.getByRole('heading', { name: 'UPLOAD FILE' })).toBeVisible();
  await expect(
    page.getByText('Score timelines are shown in the viewer, with their staves, clefs and notes.'),
  ).toBeVisible();
  const makePublic = page.getByLabel('MAKE FILE(S) PUBLIC?');
  await expect(makePublic).not.toBeChecked();
  await page.getByRole('button', { name: 'UPLOAD', exact: true }).click();
  await expect(page.getByText('This field is required')).toBeVisible();

  await page
    .locator('input[type=file]')
    .setInputFiles([path.join(FIXTURES, harmony.file), path.join(FIXTURES, hierarchy.file)]);
  await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(
    2,
  );
  await expect(page.getByText('This field is required')).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('upload-page.png'), fullPage: true });
  await page.getByRole('button', { name: 'UPLOAD', exact: true }).click();
  await expect(page.getByText('Succesfully uploaded file(s)')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/?$/);

  // Dashboard: the account and both files, private, with their upload date.
  await expect(page).toHaveTitle('Dashboard');
  await expect(page.getByTestId('account-username')).toHaveText(username);
  await expect(page.getByText('Clara')).toBeVisible();
  await expectLinkTargets(page, [
    ['Change your information', '/change-profile/'],
    ['Change your password', '/change-password/'],
  ]);
  await expect(page.getByRole('heading', { name: 'YOUR FILES' })).toBeVisible();
  await expect(page.locator('table.own-files thead th')).toHaveText([
    'TITLE',
    'COMPOSER',
    'PERFORMER',
    'PUBLIC',
    'UPLOADED',
    'VIEW',
    'DOWNLOAD',
    'DELETE',
  ]);
  const harmonyRow = row(page, harmony.title);
  await expect(harmonyRow).toHaveCount(1);
  await expect(row(page, hierarchy.title)).toHaveCount(1);
  await expect(harmonyRow.locator('td.own-files__date')).toHaveText(
    /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/,
  );
  await page.screenshot({ path: testInfo.outputPath('dashboard.png'), fullPage: true });
  const publicBox = harmonyRow.getByRole('checkbox');
  await expect(publicBox).not.toBeChecked();
  const fileId = await harmonyRow.getAttribute('data-file-id');
  expect(fileId).toMatch(/^\d+$/);

  // Private: a visitor cannot read it, and browse does not list it.
  expect((await page.request.get(`/api/v1/files/${fileId}/json`)).status()).toBe(404);

  // The viewer opens it for its owner.
  await harmonyRow.getByRole('link', { name: `View ${harmony.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/viewer/${fileId}/?$`));
  await expect(page.getByRole('heading', { name: harmony.title })).toBeVisible();

  // Make it public: the flag sticks, and browse lists it.
  await page.goto('/dashboard/');
  await row(page, harmony.title).getByRole('checkbox').check();
  await expect(row(page, harmony.title).getByRole('checkbox')).toBeEnabled();
  await page.reload();
  await expect(row(page, harmony.title).getByRole('checkbox')).toBeChecked();
  expect((await page.request.get(`/api/v1/files/${fileId}/json`)).status()).toBe(200);
  await searchBrowse(page, harmony.title);
  await expect(page.getByRole('link', { name: `View ${harmony.title}` })).toBeVisible();

  // Download from the dashboard: the bytes uploaded, named after the title.
  await page.goto('/dashboard/');
  const downloading = page.waitForEvent('download');
  await row(page, harmony.title)
    .getByRole('button', { name: `Download ${harmony.title}` })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${harmony.title}.tla`);
  const saved = readFileSync((await download.path())!);
  expect(Buffer.compare(saved, readFileSync(path.join(FIXTURES, harmony.file)))).toBe(0);

  // Delete, after the confirmation: gone from the dashboard and from browse.
  let question = '';
  page.once('dialog', async (dialog) => {
    question = dialog.message();
    await dialog.accept();
  });
  await row(page, harmony.title)
    .getByRole('button', { name: `Delete ${harmony.title}` })
    .click();
  await expect(row(page, harmony.title)).toHaveCount(0);
  expect(question).toBe("Do you really want to delete this file? This can't be undone.");
  await page.reload();
  await expect(row(page, hierarchy.title)).toHaveCount(1);
  await expect(row(page, harmony.title)).toHaveCount(0);
  await searchBrowse(page, harmony.title);
  await expect(page.getByRole('link', { name: `View ${harmony.title}` })).toHaveCount(0);
  expect((await page.request.get(`/api/v1/files/${fileId}/json`)).status()).toBe(404);
});

test('a refused public flag alerts and goes back; a cancelled delete keeps the file', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/upload/');
  await page.locator('input[type=file]').setInputFiles(path.join(FIXTURES, youtube.file));
  await page.getByRole('button', { name: 'UPLOAD', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  const youtubeRow = row(page, youtube.title);
  const fileId = await youtubeRow.getAttribute('data-file-id');
  await page.route(`**/api/v1/files/${fileId}/`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, json: { detail: 'A server error occurred.' } })
      : route.fallback(),
  );
  let alerted = '';
  page.once('dialog', async (dialog) => {
    alerted = dialog.message();
    await dialog.accept();
  });
  await youtubeRow.getByRole('checkbox').click();
  await expect
    .poll(() => alerted)
    .toBe(
      `Error when changing public status of file '${fileId}'. If the error persists, you may ` +
        'delete the file and reupload it with the desired public status',
    );
  await expect(youtubeRow.getByRole('checkbox')).not.toBeChecked();

  page.once('dialog', (dialog) => dialog.dismiss());
  await youtubeRow.getByRole('button', { name: `Delete ${youtube.title}` }).click();
  await page.reload();
  await expect(row(page, youtube.title)).toHaveCount(1);
});

test("a broken file is refused with the server's reason, and nothing is stored", async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/upload/');
  await page
    .locator('input[type=file]')
    .setInputFiles(path.join(FIXTURES, 'many-beats-v0.5.15.tla'));
  // The second file is dropped onto the form, as a user drags it from their file manager.
  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['{\n  "a": 1,\n    x\n}'], 'analysis.tla'));
    return transfer;
  });
  await page.getByTestId('file-drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveText([
    /^many-beats-v0\.5\.15\.tla/,
    /^analysis\.tla/,
  ]);
  await page.getByRole('button', { name: 'UPLOAD', exact: true }).click();
  const failure = page.getByRole('alert');
  await expect(failure).toContainText('Error uploading file(s)');
  await expect(failure).toContainText("'analysis.tla': not valid JSON (line 3, column 5)");
  await expect(page).toHaveURL(/\/upload\/?$/);
  await page.goto('/dashboard/');
  await expect(row(page, 'test')).toHaveCount(0);
});

test('a large upload shows a progress bar, then the dashboard', async ({ page }) => {
  await logIn(page);
  await page.goto('/upload/');
  const tla = JSON.stringify({
    file_path: '',
    media_path: 'C:/Music/long take.wav',
    media_metadata: { title: 'With a recording', 'media length': 200 },
    timelines: {
      '0': {
        kind: 'MARKER_TIMELINE',
        name: 'Marks',
        height: 30,
        is_visible: true,
        ordinal: 1,
        components: { '1': { time: 1, comments: '', label: 'A', color: null, kind: 'MARKER' } },
      },
    },
    app_name: 'TiLiA',
    version: '0.5.14',
  });
  // A WAV header and 4 MB of silence: big enough for the progress bar.
  const wav = Buffer.alloc(44 + 4 * 1024 * 1024);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(wav.length - 8, 4);
  wav.write('WAVE', 8, 'latin1');
  await page.locator('input[type=file]').setInputFiles([
    {
      name: 'with a recording.tla',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(tla),
    },
    { name: 'long take.wav', mimeType: 'audio/wav', buffer: wav },
  ]);
  // Hold the response back so the uploading state can be seen.
  await page.route('**/api/v1/upload/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.getByRole('button', { name: 'UPLOAD', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Uploading' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'UPLOAD', exact: true })).toHaveCount(0);
  await expect(page.getByText('Succesfully uploaded file(s)')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await expect(row(page, 'With a recording')).toHaveCount(1);
});

test('a .tla uploaded without its recording and PDF: the upload and the viewer say so', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/upload/');
  const tla = analysisTla({
    title: 'Lesson without media',
    length: 30,
    mediaPath: 'C:\\Users\\clara\\Music\\lesson take.mp3',
    markers: [{ time: 5, label: 'theme' }],
    pdfs: [{ name: 'Score', path: '/home/clara/lesson score.pdf', markers: pagesFrom(0) }],
  });
  await page
    .locator('input[type=file]')
    .setInputFiles([{ name: 'lesson.tla', mimeType: 'application/octet-stream', buffer: tla }]);
  await page.getByRole('button', { name: 'UPLOAD', exact: true }).click();
  const result = page.getByRole('status').filter({ hasText: 'Succesfully uploaded file(s)' });
  await expect(result).toBeVisible();
  await expect(result.getByRole('listitem')).toHaveText([
    'Lesson without media: lesson take.mp3, lesson score.pdf',
  ]);
  // Time to read it: the dashboard is a click away rather than a second.
  await page.waitForTimeout(1_500);
  await expect(page).toHaveURL(/\/upload\/?$/);
  await result.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/);

  await row(page, 'Lesson without media')
    .getByRole('link', { name: 'View Lesson without media' })
    .click();
  const missing = page.getByTestId('missing-files');
  await expect(missing.getByRole('paragraph')).toHaveText([
    "The recording 'lesson take.mp3' was not uploaded with this file, so it cannot be played; " +
      'the timelines are all here.',
    "The PDF 'lesson score.pdf' was not uploaded with this file, so its pages cannot be shown.",
    // Its owner is told where to add them.
    'Add them from your dashboard: \u2018Add recording or PDF\u2019 on the file\u2019s row.',
  ]);
  await expect(page.getByRole('button', { name: 'Play' })).toHaveCount(0);
});

test('a file that names no media shows no such note', async ({ page }) => {
  await page.goto('/viewer/135');
  await expect(page.getByTestId('timelines').locator('canvas.viewer-canvas')).toBeVisible();
  await expect(page.getByTestId('missing-files')).toHaveCount(0);
});
