import { expect, test, type Page } from '@playwright/test';
import type { HarmonyComponentJson, ViewerFileJson } from '../../src/shared/api-types';
import { pngBrightness, pngColours } from './support/png-pixels';
import { xOfTime } from './support/time-axis';

/**
 * The timelines' stage is painted by a worker on a canvas handed over to it; where the browser
 * cannot hand a canvas over (switched off here by removing transferControlToOffscreen), the
 * page draws it with pixi as before. Both must show the same picture and the same selection.
 */

/** A browser without OffscreenCanvas hand-over, as the fallback sees it. */
async function withoutHandOver(page: Page) {
  await page.addInitScript(() => {
    Reflect.deleteProperty(HTMLCanvasElement.prototype, 'transferControlToOffscreen');
  });
}

async function openViewer(page: Page) {
  await page.goto('/viewer/135');
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
}

/** Opens example 135 drawn by `stage`; its timelines. */
async function openWith(page: Page, stage: 'worker' | 'page') {
  if (stage === 'page') await withoutHandOver(page);
  await openViewer(page);
  const timelines = page.getByTestId('timelines');
  await expect(timelines).toHaveAttribute('data-renderer', stage);
  return timelines;
}

/** The pixels of the stage's canvas in the selection's colour (#1a5fd0, give or take 3 a channel). */
async function selectionPixels(page: Page): Promise<number> {
  const png = await page.getByTestId('timelines').locator('canvas').screenshot();
  const near = (colour: number, shift: number, target: number) =>
    Math.abs(((colour >> shift) & 0xff) - target) <= 3;
  return (await pngColours(page, png)).filter(
    (colour) => near(colour, 16, 0x1a) && near(colour, 8, 0x5f) && near(colour, 0, 0xd0),
  ).length;
}

/** Selects the harmony with the widest gap around it by clicking it on the canvas. */
async function selectAChord(page: Page) {
  const json = (await (await page.request.get('/api/v1/files/135/json')).json()) as ViewerFileJson;
  const chords = (
    (json.timelines.find((t) => t.kind === 'HARMONY_TIMELINE')?.components ??
      []) as HarmonyComponentJson[]
  )
    .filter((h) => h.kind === 'HARMONY')
    .sort((a, b) => a.time - b.time);
  const room = (i: number) =>
    Math.min(chords[i]!.time - chords[i - 1]!.time, chords[i + 1]!.time - chords[i]!.time);
  const inner = chords.map((_, i) => i).slice(1, -1);
  const widest = chords[inner.reduce((best, i) => (room(i) > room(best) ? i : best))]!;
  const row = (await page.locator('[data-testid=timeline-row][data-kind=HARMONY]').boundingBox())!;
  const span = { start: json.concrete_work.start, end: json.concrete_work.end };
  await page.mouse.click(
    (await xOfTime(page, widest.time, span)) + 2,
    row.y + (row.height * 3) / 4,
  );
  await expect(page.getByRole('complementary', { name: 'Inspector' })).toBeVisible();
}

for (const stage of ['worker', 'page'] as const) {
  test(`the stage painted by the ${stage} shows the selection and follows zoom`, async ({
    page,
  }) => {
    const timelines = await openWith(page, stage);
    await expect(timelines.locator('canvas')).toHaveCount(1);

    expect(await selectionPixels(page)).toBe(0);
    await selectAChord(page);
    await expect.poll(() => selectionPixels(page)).toBeGreaterThan(40);

    // A zoom step draws a new picture on the same canvas.
    const before = await timelines.locator('canvas').screenshot();
    await timelines.focus();
    await page.keyboard.press('+');
    await expect(timelines).not.toHaveAttribute('data-zoom', '1.0000');
    await expect
      .poll(async () => (await timelines.locator('canvas').screenshot()).equals(before))
      .toBe(false);
  });
}

/** The dark pixels on screen in the box of the first shown label reading `text`. */
async function inkUnderLabel(page: Page, text: RegExp): Promise<number> {
  const label = page
    .locator('.viewer-labels .viewer-label:not([hidden])')
    .filter({ hasText: text });
  const box = (await label.first().boundingBox())!;
  const png = await page.screenshot({ clip: box });
  return (await pngBrightness(page, png)).filter((value) => value < 300).length;
}

for (const stage of ['worker', 'page'] as const) {
  test(`the labels are painted by the ${stage}, where their text lies on the page`, async ({
    page,
  }) => {
    const timelines = await openWith(page, stage);
    // With the worker, the page's labels are an unseen text layer over the painted ones.
    const colour = await page
      .locator('.viewer-labels')
      .evaluate((element) => getComputedStyle(element).color);
    expect(colour).toBe(stage === 'worker' ? 'rgba(0, 0, 0, 0)' : 'rgb(31, 31, 31)');
    expect(await inkUnderLabel(page, /^PAC$/)).toBeGreaterThan(10);
    // After a zoom step the text moves with the picture, once the view rests.
    await timelines.focus();
    await page.keyboard.press('+');
    await expect(timelines).toHaveAttribute('data-zoom', '1.2000');
    expect(await inkUnderLabel(page, /^PAC$/)).toBeGreaterThan(10);
  });
}

test('without a canvas hand-over the page draws on a phone too', async ({ page }) => {
  // There the page's first view is the one the preload guessed and asked for with the file.
  await page.setViewportSize({ width: 360, height: 740 });
  await withoutHandOver(page);
  await openViewer(page);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-renderer', 'page');
  await expect(page.getByText('The timelines could not be drawn.')).toHaveCount(0);
});

test('a stage worker that cannot start leaves the drawing to the page', async ({ page }) => {
  await page.route('**/stage-painter.worker-*.js', (route) => route.fulfill({ status: 404 }));
  await openViewer(page);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-renderer', 'page');
  await expect(page.getByTestId('timelines').locator('canvas')).toHaveCount(1);
});

test('the worker and the page paint the same picture', async ({ browser }, testInfo) => {
  const shots: number[][] = [];
  /** Where the rows drawn with rectangles only lie in the picture (y from, y to). */
  let rectRows: [number, number][] = [];
  let width = 0;
  for (const stage of ['worker', 'page'] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    if (stage === 'page') await withoutHandOver(page);
    await openViewer(page);
    await expect(page.getByTestId('timelines')).toHaveAttribute('data-renderer', stage);
    // The part of the stage on screen (the PDF panel beside it is still loading).
    const canvas = (await page.getByTestId('timelines').locator('canvas').boundingBox())!;
    const scroller = (await page.getByTestId('timelines-scroller').boundingBox())!;
    width = Math.round(scroller.width);
    const png = await page.screenshot({
      clip: { x: canvas.x, y: canvas.y, width, height: canvas.height },
      path: testInfo.outputPath(`stage-${stage}.png`),
    });
    shots.push(await pngBrightness(page, png));
    rectRows = [];
    for (const kind of ['AUDIOWAVE', 'BEAT', 'HIERARCHY']) {
      const row = (await page
        .locator(`[data-testid=timeline-row][data-kind=${kind}]`)
        .boundingBox())!;
      rectRows.push([Math.round(row.y - canvas.y), Math.round(row.y - canvas.y + row.height)]);
    }
    await context.close();
  }
  const [worker, onPage] = shots as [number[], number[]];
  expect(worker.length).toBe(onPage.length);
  const differs = (i: number) => Math.abs(worker[i]! - onPage[i]!) > 24;
  const share = (indices: number[]) => indices.filter(differs).length / indices.length;
  // Rectangles fill the same device pixels...
  for (const [from, to] of rectRows) {
    const pixels = Array.from({ length: (to - from) * width }, (_, n) => from * width + n);
    expect(share(pixels)).toBeLessThan(0.002);
  }
  // ...and only the edges of markers and page icons, drawn as paths, may differ.
  expect(share(worker.map((_, i) => i))).toBeLessThan(0.02);
});
