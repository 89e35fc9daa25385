import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { registerByApi } from './support/accounts';
import { clicksWav, uploadPublic } from './support/viewer-files';
import { pngColours } from './support/png-pixels';

/**
 * What desktop 0.7's users meet on the site: a file with a Range timeline uploaded, found by its
 * ranges in browse; several files titled "Untitled" told apart by their file names; a recording
 * given to a stored file from the dashboard; and the dashboard and browse pages on a 360 px
 * phone, every field and action on screen without scrolling sideways. Screenshots at 1440 and
 * 360 px go to SHOTS_DIR (default: the test's output folder) for a person to judge.
 */

const FIXTURES = path.resolve('tests/fixtures/tla');
const username = `desktop07${Date.now().toString(36)}`;
const password = 'Ranges-and-rows-0.7';
const shotsDir = process.env.SHOTS_DIR ?? null;

/** A MusicalForm-like export: no title, one hierarchy timeline. */
function untitledTla(label: string): Buffer {
  return Buffer.from(
    JSON.stringify({
      file_path: '',
      media_path: '',
      media_metadata: { title: 'Untitled', notes: '', 'media length': 20, composer: 'Haydn' },
      timelines: {
        '0': {
          kind: 'Hierarchy',
          name: 'Form',
          height: 40,
          is_visible: true,
          ordinal: 1,
          components: {
            '1': { start: 0, end: 20, level: 1, label, comments: '', kind: 'HIERARCHY' },
          },
        },
      },
      app_name: 'TiLiA',
      version: '0.7.0',
    }),
  );
}

async function shoot(page: Page, name: string, testInfo: { outputPath: (name: string) => string }) {
  const file = shotsDir ? path.join(shotsDir, name) : testInfo.outputPath(name);
  if (shotsDir) mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
}

async function logIn(page: Page) {
  await page.goto('/login/');
  await page.getByLabel('USER NAME').fill(username);
  await page.getByLabel('PASSWORD').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

/** Nothing scrolls sideways, and each control is wholly inside the 360 px window. */
async function expectAllOnScreen(page: Page, controls: Locator[]) {
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    boxes: [...document.querySelectorAll('.own-files__scroll, .browse-results')].map(
      (box) => box.scrollWidth - box.clientWidth,
    ),
    // What sticks out of its scrolling box, to say which element it is.
    outside: [...document.querySelectorAll('.own-files__scroll, .browse-results')].flatMap((box) =>
      [...box.querySelectorAll('*')]
        .filter(
          (element) =>
            element.getBoundingClientRect().right > box.getBoundingClientRect().right + 0.5 ||
            element.scrollWidth > element.clientWidth + 0.5,
        )
        .slice(0, 5)
        .map((element) => `${element.tagName}.${String(element.className)}`),
    ),
  }));
  expect(overflow.page, overflow.outside.join(' ')).toBeLessThanOrEqual(360);
  for (const extra of overflow.boxes) {
    expect(extra, overflow.outside.join(' ')).toBeLessThanOrEqual(0);
  }
  for (const control of controls) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
}

test.beforeAll(async ({ request }) => {
  await registerByApi(request, username, password, { firstname: 'Ana', lastname: 'Sørensen' });
});

test('0.7 files: ranges found in browse, untitled files told apart, media added later, phone cards', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page);

  await page.goto('/upload/');
  await page.getByLabel('MAKE FILE(S) PUBLIC?').check();
  await page.locator('input[type=file]').setInputFiles([
    {
      name: 'range-v0.7.0.tla',
      mimeType: 'application/json',
      buffer: readFileSync(path.join(FIXTURES, 'range-v0.7.0.tla')),
    },
    { name: 'Haydn op. 20 no. 2.tla', mimeType: 'application/json', buffer: untitledTla('A') },
    { name: 'Haydn op. 20 no. 5.tla', mimeType: 'application/json', buffer: untitledTla('B') },
  ]);
  await page.getByRole('button', { name: 'UPLOAD', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/);

  // Two "Untitled" rows, each with the name it was uploaded under; the titled file without.
  const untitled = page.locator('table.own-files tbody tr').filter({
    has: page.locator('.file-title').getByText('Untitled', { exact: true }),
  });
  await expect(untitled).toHaveCount(2);
  await expect(untitled.locator('.file-name')).toHaveText([
    'Haydn op. 20 no. 5.tla',
    'Haydn op. 20 no. 2.tla',
  ]);
  const rangeRow = page.locator('table.own-files tbody tr').filter({
    has: page.locator('.file-title').getByText('Range example', { exact: true }),
  });
  await expect(rangeRow.locator('.file-name')).toHaveCount(0);
  await expect(
    untitled.first().getByRole('link', { name: 'View Untitled (Haydn op. 20 no. 5.tla)' }),
  ).toBeVisible();

  // The range file names no recording: one given from its row becomes its media.
  await rangeRow.locator('input[type=file]').setInputFiles({
    name: 'range example.wav',
    mimeType: 'audio/wav',
    buffer: clicksWav(16),
  });
  await expect(rangeRow.getByRole('status')).toHaveText('Added: the file has all its media.');
  await expect(
    rangeRow.getByRole('button', { name: /^Replace recording or add PDF/ }),
  ).toBeVisible();
  await shoot(page, 'dashboard-1440.png', testInfo);

  // The owner of a file without a recording is told how to add one.
  await untitled
    .first()
    .getByRole('link', { name: /^View / })
    .click();
  await expect(page.getByTestId('no-media')).toHaveText(
    "This file has no recording, so it cannot be played. Add one from your dashboard: 'Add recording or PDF' on its row.",
  );
  await page.goto('/dashboard/');

  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  const first = page.locator('table.own-files tbody tr').first();
  await expect(first.locator('.file-title')).toBeVisible();
  await expectAllOnScreen(page, [
    first.getByRole('checkbox'),
    first.locator('td.own-files__date'),
    first.getByRole('link', { name: /^View / }),
    first.getByRole('button', { name: /^Download / }),
    first.getByRole('button', { name: /^Delete / }),
  ]);
  // The actions are 40 px targets on a phone.
  for (const action of [
    first.getByRole('link', { name: /^View / }),
    first.getByRole('button', { name: /^Delete / }),
  ]) {
    const box = (await action.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(40);
    expect(box.height).toBeGreaterThanOrEqual(40);
  }
  await shoot(page, 'dashboard-360.png', testInfo);

  // Browse files on a phone: cards with VIEW and DOWNLOAD on screen, the sort buttons above.
  await page.goto('/browse/files/');
  await page.getByPlaceholder('contains...').first().fill('Untitled');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const cards = page.locator('table.browse-grid tbody tr');
  await expect(cards.filter({ hasText: 'Haydn op. 20 no. 2.tla' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'Haydn op. 20 no. 5.tla' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^TITLE/ })).toBeVisible();
  const card = cards.first();
  await expectAllOnScreen(page, [
    card.getByRole('link', { name: /^View / }),
    card.getByRole('button', { name: /^Download / }),
  ]);
  await shoot(page, 'browse-files-360.png', testInfo);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, 'browse-files-1440.png', testInfo);

  // Browse timelines: the Range kind, found by its row's name, with the row and times shown.
  await page.goto('/browse/timelines/');
  await page.getByRole('radio', { name: 'Range' }).check();
  const componentConditions = page.getByRole('group', { name: 'Component conditions' });
  await componentConditions.getByRole('button', { name: 'Add condition...' }).click();
  await componentConditions.getByRole('combobox').selectOption('row_name');
  await componentConditions.getByPlaceholder('contains...').fill('right');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.locator('table.browse-grid thead th')).toHaveText([
    /^TITLE/,
    /^COMPOSER/,
    /^LABEL/,
    /^ROW/,
    /^START/,
    /^END/,
    /^COMMENTS/,
    /^BAR/,
  ]);
  const ranges = page.locator('table.browse-grid tbody tr');
  await expect(ranges).toHaveCount(3);
  await expect(ranges.filter({ hasText: "answer à l'octave" })).toContainText('Right hand');
  await expect(ranges.filter({ hasText: 'codetta' })).toContainText('0:00:08.00');
  await shoot(page, 'browse-timelines-range-1440.png', testInfo);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectAllOnScreen(page, [ranges.first().locator('td[data-label="END"]')]);
  await shoot(page, 'browse-timelines-range-360.png', testInfo);
});

test('the viewer draws a 0.7 Range timeline by rows, hides what the file hides, and shows its details', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await uploadPublic(page.request, `rangeviewer${Date.now().toString(36)}`, [
    {
      name: 'range-v0.7.0.tla',
      mimeType: 'application/json',
      buffer: readFileSync(path.join(FIXTURES, 'range-v0.7.0.tla')),
    },
  ]);
  await page.goto(`/viewer/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Range example by W. A. Mozart');
  const rangeRow = page.locator('[data-testid=timeline-row][data-kind=RANGE]');
  await expect(rangeRow).toHaveCount(1);
  await expect(rangeRow).toHaveAttribute('data-component-count', '4');
  await expect(page.getByTestId('range-row-name')).toHaveText(['Right hand', 'Left hand']);
  // Drawn: the left hand's red (#e57373) and the second melody's green (#81c784) are on the stage.
  const drawnColours = async () => new Set(await pngColours(page, await rangeRow.screenshot()));
  await expect.poll(async () => (await drawnColours()).has(0xe57373)).toBe(true);
  expect((await drawnColours()).has(0x81c784)).toBe(true);
  await shoot(page, 'viewer-range-first-1440.png', testInfo);

  // The hidden Cadences timeline: listed, not drawn, drawn on demand.
  const names = page.getByTestId('timeline-names');
  await expect(page.getByTestId('hidden-timelines')).toContainText(
    "One timeline is hidden in this file: 'Cadences'.",
  );
  await expect(names).not.toContainText('Cadences');
  await page.getByRole('button', { name: 'Show hidden timelines' }).click();
  await expect(names).toContainText('Cadences');
  await expect(page.locator('[data-testid=timeline-row][data-kind=MARKER]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Hide them' }).click();
  await expect(names).not.toContainText('Cadences');
  // The stack drawn again, ranges and all.
  await expect.poll(async () => (await drawnColours()).has(0xe57373)).toBe(true);

  // Components of kinds not drawn, counted; no recording, and a visitor is told so.
  await expect(page.getByTestId('not-shown')).toHaveText([
    "Not shown: 1 component of kind BEAT_UNIT in 'Beats'. They stay in the file's download.",
    "Not shown: 1 component of kind GLISSANDO in 'Cadences'. They stay in the file's download.",
  ]);
  await expect(page.getByTestId('no-media')).toHaveText(
    'This file has no recording: its owner did not add one. The timelines are all here.',
  );

  // A range picked on the stage: the inspector names its row.
  const box = (await rangeRow.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.75);
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toContainText('Alberti bass');
  await expect(inspector).toContainText('Left hand');

  // The details: the file's name and every metadata field, custom ones included.
  await page.getByText('File details').click();
  const details = page.getByTestId('file-details');
  await expect(details).toContainText('range-v0.7.0.tla');
  await expect(details).toContainText('analysed by');
  await expect(details).toContainText('Ana Sørensen');
  await expect(details).toContainText('Henle Urtext (2011)');
  await shoot(page, 'viewer-range-1440.png', testInfo);
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByTestId('range-row-name')).toHaveText(['Right hand', 'Left hand']);
  await shoot(page, 'viewer-range-360.png', testInfo);
});

test('an untitled file is headed by the name it was uploaded under', async ({ page }) => {
  const id = await uploadPublic(page.request, `untitled${Date.now().toString(36)}`, [
    { name: 'Haydn op. 20 no. 2.tla', mimeType: 'application/json', buffer: untitledTla('A') },
  ]);
  await page.goto(`/viewer/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Haydn op. 20 no. 2 by Haydn');
});

test('the local viewer draws a 0.7 Range timeline by rows, nothing uploaded', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Open it in the viewer', exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'range-v0.7.0.tla',
    mimeType: 'application/json',
    buffer: readFileSync(path.join(FIXTURES, 'range-v0.7.0.tla')),
  });
  await page.getByRole('button', { name: 'Show in the viewer' }).click();
  await expect(page.getByTestId('range-row-name')).toHaveText(['Right hand', 'Left hand']);
  await expect(page.getByTestId('no-media')).toHaveText(
    'This file names no recording. Choose one with it to play it; the timelines are all here.',
  );
  const rangeRow = page.locator('[data-testid=timeline-row][data-kind=RANGE]');
  await expect
    .poll(async () => new Set(await pngColours(page, await rangeRow.screenshot())).has(0xe57373))
    .toBe(true);
});
