import { expect, test, type Page } from '@playwright/test';
import { scoreNotes, scoreTla } from './support/score-file';
import { pngBrightness } from './support/png-pixels';
import { xOfTime } from './support/time-axis';
import { uploadPublic } from './support/viewer-files';

/** Score timelines, which the original platform never showed. */

let fileId = 0;
const SECONDS = 16;

test.beforeAll(async ({ request }) => {
  fileId = await uploadPublic(request, `score${Date.now().toString(36)}`, [
    { name: 'scale.tla', mimeType: 'application/json', buffer: scoreTla('A scale over chords') },
  ]);
});

async function open(page: Page) {
  await page.goto(`/viewer/${fileId}`);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
}

test('files/{id}/json carries the score components, without the SVG', async ({ request }) => {
  const json = (await (await request.get(`/api/v1/files/${fileId}/json`)).json()) as {
    timelines: { kind: string; components: { kind: string }[]; svg_data?: unknown }[];
  };
  const score = json.timelines.find((timeline) => timeline.kind === 'SCORE_TIMELINE')!;
  expect(score.svg_data).toBeUndefined();
  expect(JSON.stringify(score)).not.toContain('not sent to the viewer');
  const notes = score.components.filter((component) => component.kind === 'NOTE');
  expect(notes).toHaveLength(scoreNotes().length);
});

test('a Score timeline is drawn with its notes, and hovering a note names it', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    // Software WebGL reports its own read-back stalls; they are the GPU driver's, not the page's.
    if (message.text().includes('GL Driver Message')) return;
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  // The music font is fetched where the stage is painted (the stage worker's own font set).
  const musicFont = page.waitForResponse((response) => /bravura.*\.woff2/i.test(response.url()));
  await open(page);
  const row = page.locator('[data-testid="timeline-row"][data-kind="SCORE"]');
  await expect(row).toHaveCount(1);
  expect(Number(await row.getAttribute('data-visible-count'))).toBe(scoreNotes().length);
  expect((await musicFont).ok()).toBe(true);
  const canvas = (await page
    .getByTestId('timelines')
    .locator('canvas.viewer-canvas')
    .boundingBox())!;
  const box = (await row.boundingBox())!;
  // The clef and signatures are painted, in the music font, once it has loaded (left out
  // before), in grey under the notes: the clefs' column at the row's left has about 490 grey
  // pixels with them (neither the notes' near-black nor the staff lines' grey), about 230
  // without.
  const clefInk = async () => {
    const clefs = await page.screenshot({
      clip: { x: canvas.x + 2, y: box.y, width: 20, height: box.height },
    });
    const staffLine = 3 * 0x8a;
    return (await pngBrightness(page, clefs)).filter(
      (value) => value > 100 && value < 700 && value !== staffLine,
    ).length;
  };
  await expect.poll(clefInk, { timeout: 15_000 }).toBeGreaterThan(360);

  // Ink where the notes are: the row's pixels are not all background.
  const shot = await page.screenshot({
    clip: { x: canvas.x + canvas.width / 2, y: box.y, width: 200, height: box.height },
  });
  // Note bodies and staff lines are dark on the light row: a good share of the pixels.
  const brightness = await pngBrightness(page, shot);
  const dark = brightness.filter((value) => value < 300).length;
  expect(dark / brightness.length).toBeGreaterThan(0.05);

  // Hover the F#5 of the first bar (the fourth quarter): its body is at the note's place.
  const fSharp = scoreNotes().find((note) => note.accidental === 1)!;
  const x = await xOfTime(page, (fSharp.start + fSharp.end) / 2, { start: 0, end: SECONDS });
  // The treble staff's middle line is at a quarter of the row's height; F#5 is 4 half-spaces up.
  const space = Math.floor(box.height / 2 / 10);
  const y = box.y + box.height / 4 - 4 * (space / 2);
  await page.mouse.move(x, y);
  const tip = page.getByTestId('hover-tip');
  await expect(tip).toBeVisible();
  await expect(tip).toHaveText('F♯5 · 0:00:01.50–0:00:02.00 · staff 1');
  // Zoomed in around the playhead (at 0), the note moves away from the still pointer: the tip
  // no longer names it.
  for (let step = 0; step < 3; step++) await page.keyboard.press('+');
  await expect(tip).not.toHaveText(/F♯5 · 0:00:01\.50/);
  for (let step = 0; step < 3; step++) await page.keyboard.press('-');
  await page.mouse.move(x + 1, y);
  await expect(tip).toHaveText('F♯5 · 0:00:01.50–0:00:02.00 · staff 1');
  await page.mouse.click(x, y);
  await expect(page.getByTestId('inspector')).toContainText('F♯5');
  await expect(page.getByTestId('inspector')).toContainText('Staff');
  await page.mouse.move(canvas.x + 5, box.y + box.height + 40);
  await expect(tip).toBeHidden();
  expect(warnings).toEqual([]);
});

test('the table view lists the notes, and the strip shows the notes sounding', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page.getByRole('grid')).toHaveAttribute(
    'aria-rowcount',
    String(scoreNotes().length + 1),
  );
  await expect(page.getByRole('grid').getByRole('columnheader')).toHaveText([
    'Start',
    'End',
    'Note',
    'Staff',
    'Comments',
  ]);
  // At the start: the first bar's chord under the first note of the scale, lowest first.
  await expect(page.getByTestId('now-playing-score')).toHaveText('C3 E3 G3 C5');
});

test('the local viewer draws the same Score timeline from the file on the disk', async ({
  page,
}) => {
  await page.goto('/viewer/local');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'scale.tla',
    mimeType: 'application/json',
    buffer: scoreTla('A scale, local'),
  });
  await page.getByRole('button', { name: 'Show in the viewer' }).click();
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
  const row = page.locator('[data-testid="timeline-row"][data-kind="SCORE"]');
  expect(Number(await row.getAttribute('data-visible-count'))).toBe(scoreNotes().length);
  await expect(page.getByTestId('now-playing-score')).toHaveText('C3 E3 G3 C5');
});
