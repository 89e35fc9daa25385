import { fileTimeMap } from '../../src/shared/time-map/beat-timeline-fields';
import type { ViewerFileJson } from '../../src/shared/api-types';
import { expect, test, type Page } from '@playwright/test';
import { timeAxis } from './support/time-axis';
import { clicksWav, tlaFor, uploadPublic } from './support/viewer-files';

/**
 * The viewer used with mouse and keyboard together, as people do: a click on a toolbar button
 * leaves the focus there, and the keys must still work; the time ruler and a slider timeline
 * move playback to where they are pressed.
 */

const SECONDS = 30;
let fileId = 0;

/** A file with media and a slider timeline under the beats. */
function withSlider(): Buffer {
  const document = JSON.parse(tlaFor('clicks.wav', 'Keys and ruler', SECONDS).toString()) as {
    timelines: Record<string, unknown>;
  };
  document.timelines['90'] = {
    kind: 'SLIDER_TIMELINE',
    is_visible: true,
    ordinal: 3,
    height: 40,
    components: {},
  };
  return Buffer.from(JSON.stringify(document));
}

test.beforeAll(async ({ request }) => {
  fileId = await uploadPublic(request, `keys${Date.now().toString(36)}`, [
    { name: 'ruler.tla', mimeType: 'application/json', buffer: withSlider() },
    { name: 'clicks.wav', mimeType: 'audio/wav', buffer: clicksWav(SECONDS) },
  ]);
});

async function open(page: Page) {
  await page.goto(`/viewer/${fileId}`);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
}

const mediaTime = (page: Page) =>
  page.locator('audio').evaluate((audio) => (audio as HTMLAudioElement).currentTime);
const isPaused = (page: Page) =>
  page.locator('audio').evaluate((audio) => (audio as HTMLAudioElement).paused);
const zoom = (page: Page) =>
  page.getByTestId('timelines').evaluate((region) => Number((region as HTMLElement).dataset.zoom));

/** The time under viewport x at zoom 1. */
async function timeUnder(page: Page, x: number): Promise<{ time: number; perPixel: number }> {
  const axis = await timeAxis(page);
  return { time: ((x - axis.x) / axis.width) * SECONDS, perPixel: SECONDS / axis.width };
}

test('after clicking Play with the mouse, + and - zoom', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeFocused();
  const before = await zoom(page);
  await page.keyboard.press('+');
  await expect.poll(() => zoom(page)).toBeGreaterThan(before);
  const zoomedIn = await zoom(page);
  await page.keyboard.press('-');
  await expect.poll(() => zoom(page)).toBeLessThan(zoomedIn);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
});

test('after clicking a toolbar button, Space toggles playback once', async ({ page }) => {
  await open(page);
  for (const name of ['Zoom in', 'Copy a link to this position']) {
    await page.getByRole('button', { name }).click();
    await expect(page.getByRole('button', { name })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    // Once: not played and paused again by the button's own click on the key's release.
    await page.waitForTimeout(300);
    expect(await isPaused(page)).toBe(false);
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
    expect(await isPaused(page)).toBe(true);
  }
});

test('the arrow keys move the selection with the focus on a toolbar button', async ({ page }) => {
  await open(page);
  const axis = await timeAxis(page);
  const row = (await page
    .locator('[data-testid="timeline-row"][data-kind="MARKER"]')
    .boundingBox())!;
  // The file's only marker, at 1 s.
  await page.mouse.click(axis.x + axis.width / SECONDS, row.y + row.height / 2);
  await expect(page.locator('.viewer-inspector')).toContainText('one');
  await page.getByRole('button', { name: 'Zoom out' }).click();
  const beatRow = (await page
    .locator('[data-testid="timeline-row"][data-kind="BEAT"]')
    .boundingBox())!;
  await page.mouse.click(axis.x + (axis.width / SECONDS) * 2, beatRow.y + beatRow.height - 3);
  await expect(page.locator('.viewer-inspector')).toContainText('0:00:02.00');
  await page.getByRole('button', { name: 'Fit to screen' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.viewer-inspector')).toContainText('0:00:02.50');
});

test('pressing the time ruler seeks to the time under the pointer, paused or playing', async ({
  page,
}) => {
  await open(page);
  const ruler = (await page.getByTestId('time-ruler').boundingBox())!;
  const x = ruler.x + ruler.width * 0.4;
  const { time, perPixel } = await timeUnder(page, x);
  await page.mouse.click(x, ruler.y + ruler.height / 2);
  expect(Math.abs((await mediaTime(page)) - time)).toBeLessThanOrEqual(perPixel);
  // Nothing was selected by it.
  await expect(page.locator('.viewer-inspector')).toHaveCount(0);

  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  const later = ruler.x + ruler.width * 0.75;
  const target = await timeUnder(page, later);
  await page.mouse.click(later, ruler.y + ruler.height / 2);
  const after = await mediaTime(page);
  // Playing on from there: at or a little after the time under the pointer.
  expect(after).toBeGreaterThanOrEqual(target.time - target.perPixel);
  expect(after).toBeLessThan(target.time + 1);
  expect(await isPaused(page)).toBe(false);
});

test('dragging on the ruler and the slider knob keeps playback under the pointer', async ({
  page,
}) => {
  await open(page);
  const ruler = (await page.getByTestId('time-ruler').boundingBox())!;
  const y = ruler.y + ruler.height / 2;
  await page.mouse.move(ruler.x + ruler.width * 0.1, y);
  await page.mouse.down();
  await page.mouse.move(ruler.x + ruler.width * 0.3, y, { steps: 5 });
  const middle = await timeUnder(page, ruler.x + ruler.width * 0.3);
  expect(Math.abs((await mediaTime(page)) - middle.time)).toBeLessThanOrEqual(middle.perPixel);
  await page.mouse.move(ruler.x + ruler.width * 0.6, y, { steps: 5 });
  await page.mouse.up();
  const end = await timeUnder(page, ruler.x + ruler.width * 0.6);
  expect(Math.abs((await mediaTime(page)) - end.time)).toBeLessThanOrEqual(end.perPixel);

  // The slider's knob sits at the playhead; drag it back.
  const slider = (await page
    .locator('[data-testid="timeline-row"][data-kind="SLIDER"]')
    .boundingBox())!;
  const knob = (await page.locator('[data-slider-knob]').boundingBox())!;
  const from = knob.x + knob.width / 2;
  expect(Math.abs(from - (ruler.x + ruler.width * 0.6))).toBeLessThanOrEqual(2);
  await page.mouse.move(from, slider.y + slider.height / 2);
  await page.mouse.down();
  await page.mouse.move(ruler.x + ruler.width * 0.2, slider.y + slider.height / 2, { steps: 8 });
  await page.mouse.up();
  const back = await timeUnder(page, ruler.x + ruler.width * 0.2);
  expect(Math.abs((await mediaTime(page)) - back.time)).toBeLessThanOrEqual(back.perPixel);
  await expect(page.locator('.viewer-inspector')).toHaveCount(0);
});

test('a bar number goes to that bar: in the toolbar, again for its repeat, and in a link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const json = (await (await page.request.get('/api/v1/files/135/json')).json()) as ViewerFileJson;
  const map = fileTimeMap(json.timelines, null)!;
  const repeated = map.bars.find((bar) => bar.pass === 2)!;
  expect(repeated, 'a bar played twice').toBeDefined();
  const [once, twice] = map.barsNumbered(repeated.number);
  const audioTime = () =>
    page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime);

  await page.goto(`/viewer/135?m=${repeated.number}&p=2`);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
  const beats = page.getByTestId('now-playing-beat');
  await expect(beats).toHaveText(new RegExp(`^measure ${repeated.number}, beat 1\\b`));
  await expect.poll(audioTime).toBeCloseTo(twice!.start, 2);

  const box = page.getByRole('textbox', { name: 'Go to bar' });
  await box.fill(String(repeated.number));
  await box.press('Enter');
  await expect.poll(audioTime).toBeCloseTo(once!.start, 2);
  // Enter again: the bar's next playing through the repeat, then the first again.
  await box.press('Enter');
  await expect.poll(audioTime).toBeCloseTo(twice!.start, 2);
  await box.press('Enter');
  await expect.poll(audioTime).toBeCloseTo(once!.start, 2);

  await box.fill('9999');
  await box.press('Enter');
  await expect(page.getByTestId('link-status')).toHaveText('No bar 9999 in this file');
  await expect.poll(audioTime).toBeCloseTo(once!.start, 2);
});

test('the time ruler’s labels are set at 12 px at least, like every other label', async ({
  page,
}) => {
  await open(page);
  // The painter's report of the ruler's labels, as the list under the ruler gives it.
  const labels = page.getByTestId('ruler-labels').locator('li');
  await expect.poll(() => labels.count()).toBeGreaterThan(2);
  const painted = await labels.evaluateAll((items) =>
    items.map((item) => ({
      text: item.textContent ?? '',
      size: Number((item as HTMLElement).dataset.size),
      box: ((item as HTMLElement).dataset.box ?? '').split(' ').map(Number),
    })),
  );
  expect(Math.min(...painted.map((label) => label.size))).toBeGreaterThanOrEqual(12);
  // Times, in order, each clear of the next, within the ruler.
  const width = (await page.getByTestId('time-ruler').boundingBox())!.width;
  for (const [n, label] of painted.entries()) {
    expect(label.text).toMatch(/^\d+:\d\d(\.\d)?$/);
    const [x, , w] = label.box as [number, number, number, number];
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x + w).toBeLessThanOrEqual(width + 1);
    const next = painted[n + 1]?.box[0];
    if (next !== undefined) expect(x + w).toBeLessThan(next);
  }
});
