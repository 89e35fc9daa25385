import { expect, test, type Page } from '@playwright/test';
import type { HarmonyComponentJson, ViewerFileJson } from '../../src/shared/api-types';
import { formatTime } from '../../src/shared/time-format';
import { pngBrightness, pngColours } from './support/png-pixels';
import { labelList, shownLabels, timelineOfKind, type ShownLabel } from './support/stage-labels';
import { xOfTime } from './support/time-axis';

/**
 * The timelines' stage has one painter (paintView): in a worker, on a canvas handed over to it,
 * or, where the browser has no OffscreenCanvas (switched off here by removing it), on the page's
 * own canvas. Both paint the shapes and the labels in one frame, and both must show the same
 * picture, the same selection, and select what a click lands on.
 */

/** A browser without OffscreenCanvas, as the page's painter sees it. */
async function withoutOffscreenCanvas(page: Page) {
  await page.addInitScript(() => {
    Reflect.deleteProperty(HTMLCanvasElement.prototype, 'transferControlToOffscreen');
    Reflect.deleteProperty(globalThis, 'OffscreenCanvas');
  });
}

async function openViewer(page: Page) {
  await page.goto('/viewer/135');
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
}

/** Opens example 135 painted by `stage`; its timelines. */
async function openWith(page: Page, stage: 'worker' | 'page') {
  if (stage === 'page') await withoutOffscreenCanvas(page);
  await openViewer(page);
  const timelines = page.getByTestId('timelines');
  await expect(timelines).toHaveAttribute('data-renderer', stage);
  if (stage === 'page') {
    expect(await page.evaluate(() => typeof globalThis.OffscreenCanvas)).toBe('undefined');
  }
  return timelines;
}

/** The pixels of the stage's canvas in the selection's colour (#1a5fd0, give or take 3 a channel). */
async function selectionPixels(page: Page): Promise<number> {
  const png = await page.getByTestId('timelines').locator('canvas.viewer-canvas').screenshot();
  const near = (colour: number, shift: number, target: number) =>
    Math.abs(((colour >> shift) & 0xff) - target) <= 3;
  return (await pngColours(page, png)).filter(
    (colour) => near(colour, 16, 0x1a) && near(colour, 8, 0x5f) && near(colour, 0, 0xd0),
  ).length;
}

/** Example 135's chords (HARMONY, not keys), each with its index among the timeline's components. */
async function chordsOf(page: Page) {
  const json = (await (await page.request.get('/api/v1/files/135/json')).json()) as ViewerFileJson;
  const components = (json.timelines.find((t) => t.kind === 'HARMONY_TIMELINE')?.components ??
    []) as HarmonyComponentJson[];
  const chords = components
    .map((component, index) => ({ component, index }))
    .filter(({ component }) => component.kind === 'HARMONY')
    .sort((a, b) => a.component.time - b.component.time);
  return { chords, span: { start: json.concrete_work.start, end: json.concrete_work.end } };
}

/** Selects the harmony with the widest gap around it by clicking it on the canvas. */
async function selectAChord(page: Page) {
  const { chords, span } = await chordsOf(page);
  const room = (i: number) =>
    Math.min(
      chords[i]!.component.time - chords[i - 1]!.component.time,
      chords[i + 1]!.component.time - chords[i]!.component.time,
    );
  const inner = chords.map((_, i) => i).slice(1, -1);
  const widest = chords[inner.reduce((best, i) => (room(i) > room(best) ? i : best))]!;
  const row = (await page.locator('[data-testid=timeline-row][data-kind=HARMONY]').boundingBox())!;
  await page.mouse.click(
    (await xOfTime(page, widest.component.time, span)) + 2,
    row.y + (row.height * 3) / 4,
  );
  await expect(page.getByRole('complementary', { name: 'Inspector' })).toBeVisible();
}

for (const stage of ['worker', 'page'] as const) {
  test(`the stage painted by the ${stage} shows the selection and follows zoom`, async ({
    page,
  }) => {
    const timelines = await openWith(page, stage);
    // One stage canvas, and the ruler's: the one painter paints both.
    await expect(timelines.locator('canvas.viewer-canvas')).toHaveCount(1);
    await expect(timelines.locator('canvas')).toHaveCount(2);

    expect(await selectionPixels(page)).toBe(0);
    await selectAChord(page);
    await expect.poll(() => selectionPixels(page)).toBeGreaterThan(40);

    // A zoom step draws a new picture on the same canvas.
    const before = await timelines.locator('canvas.viewer-canvas').screenshot();
    await timelines.focus();
    await page.keyboard.press('+');
    await expect(timelines).not.toHaveAttribute('data-zoom', '1.0000');
    await expect
      .poll(async () =>
        (await timelines.locator('canvas.viewer-canvas').screenshot()).equals(before),
      )
      .toBe(false);
  });
}

/** The dark pixels on screen in the painted box of the first label reading `text`. */
async function inkUnderLabel(page: Page, text: RegExp): Promise<number> {
  const label = (await shownLabels(page)).find((shown) => text.test(shown.text));
  expect(label, `a label reading ${String(text)}`).toBeDefined();
  const { x, y, width, height } = label!;
  const png = await page.screenshot({ clip: { x, y, width, height } });
  return (await pngBrightness(page, png)).filter((value) => value < 300).length;
}

for (const stage of ['worker', 'page'] as const) {
  test(`the labels are painted by the ${stage}, and listed for assistive technology`, async ({
    page,
  }) => {
    const timelines = await openWith(page, stage);
    // The canvas is an image to assistive technology; the labels on it are a list it reads.
    await expect(timelines.locator('canvas.viewer-canvas')).toHaveAttribute('aria-hidden', 'true');
    const list = labelList(page);
    await expect(list).toBeAttached();
    expect(await list.evaluate((element) => element.closest('[aria-hidden=true]'))).toBeNull();
    await expect(list.getByRole('listitem').filter({ hasText: /^PAC$/ }).first()).toBeAttached();
    expect(await inkUnderLabel(page, /^PAC$/)).toBeGreaterThan(10);
    // After a zoom step the list and its boxes follow the picture, once the view rests.
    await timelines.focus();
    await page.keyboard.press('+');
    await expect(timelines).toHaveAttribute('data-zoom', '1.2000');
    expect(await inkUnderLabel(page, /^PAC$/)).toBeGreaterThan(10);
  });
}

/**
 * A chord whose painted name runs over the tick of a later chord (too close to be named itself),
 * with the x of that later chord in the page.
 */
async function nameOverANeighbour(
  page: Page,
): Promise<{ label: ShownLabel; x: number; time: number }> {
  const harmony = await timelineOfKind(page, 'HARMONY');
  const { chords, span } = await chordsOf(page);
  const byIndex = new Map(chords.map((chord) => [chord.index, chord.component]));
  const labels = (await shownLabels(page)).filter(
    (label) => label.timeline === harmony && label.component !== null,
  );
  for (const label of labels) {
    const chord = byIndex.get(label.component!);
    if (!chord) continue;
    // The name starts 3 px after its chord's tick.
    expect(Math.abs((await xOfTime(page, chord.time, span)) + 3 - label.x)).toBeLessThan(1.5);
    for (const { component } of chords) {
      if (component.time <= chord.time) continue;
      const x = await xOfTime(page, component.time, span);
      if (x > label.x + label.width - 3) break;
      if (x > label.x + 2) return { label, x, time: chord.time };
    }
  }
  throw new Error('no chord name runs over another chord here');
}

for (const stage of ['worker', 'page'] as const) {
  test(`a click on a chord's name painted by the ${stage} selects that chord`, async ({ page }) => {
    await openWith(page, stage);
    const { label, x, time } = await nameOverANeighbour(page);
    // On the later chord's tick, inside the name: the name is what one sees and clicks.
    await page.mouse.click(x + 1, label.y + label.height / 2);
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await expect(inspector).toBeVisible();
    await expect(
      inspector.locator('.viewer-inspector__field').filter({ hasText: /^Time/ }).locator('dd'),
    ).toHaveText(formatTime(time));
    // Hovering there names the same chord.
    await page.mouse.move(x + 1, label.y + label.height / 2 + 1);
    await expect(page.getByTestId('hover-tip')).toContainText(formatTime(time));
  });
}

test('a click on a painted measure number selects the first beat of its measure', async ({
  page,
}) => {
  await openWith(page, 'worker');
  const beats = await timelineOfKind(page, 'BEAT');
  // The second measure number on screen (the first sits on the stage's edge).
  const label = (await shownLabels(page)).filter((shown) => shown.timeline === beats)[1];
  expect(label?.component ?? null).not.toBeNull();
  const json = (await (await page.request.get('/api/v1/files/135/json')).json()) as ViewerFileJson;
  const beat = json.timelines.find((t) => t.kind === 'BEAT_TIMELINE')!.components[
    label!.component!
  ] as { time: number };
  await page.mouse.click(label!.x + label!.width / 2, label!.y + label!.height / 2);
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  await expect(
    inspector.locator('.viewer-inspector__field').filter({ hasText: /^Time/ }).locator('dd'),
  ).toHaveText(formatTime(beat.time));
});

test('without OffscreenCanvas the page paints on a phone too', async ({ page }) => {
  // There the page's first view is the one the preload guessed and asked for with the file.
  await page.setViewportSize({ width: 360, height: 740 });
  await withoutOffscreenCanvas(page);
  await openViewer(page);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-renderer', 'page');
  await expect(page.getByText('The timelines could not be drawn.')).toHaveCount(0);
  expect((await shownLabels(page)).length).toBeGreaterThan(5);
});

test('a stage worker that cannot start leaves the painting to the page', async ({ page }) => {
  await page.route('**/stage-painter.worker-*.js', (route) => route.fulfill({ status: 404 }));
  await openViewer(page);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-renderer', 'page');
  await expect(page.getByTestId('timelines').locator('canvas.viewer-canvas')).toHaveCount(1);
  await expect(page.getByTestId('timelines').locator('canvas')).toHaveCount(2);
});

test('the worker and the page paint the same picture', async ({ browser }, testInfo) => {
  const shots: number[][] = [];
  let width = 0;
  for (const stage of ['worker', 'page'] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    if (stage === 'page') await withoutOffscreenCanvas(page);
    await openViewer(page);
    await expect(page.getByTestId('timelines')).toHaveAttribute('data-renderer', stage);
    // The part of the stage on screen (the PDF panel beside it is still loading).
    const canvas = (await page
      .getByTestId('timelines')
      .locator('canvas.viewer-canvas')
      .boundingBox())!;
    const scroller = (await page.getByTestId('timelines-scroller').boundingBox())!;
    width = Math.round(scroller.width);
    const png = await page.screenshot({
      clip: { x: canvas.x, y: canvas.y, width, height: canvas.height },
      path: testInfo.outputPath(`stage-${stage}.png`),
    });
    shots.push(await pngBrightness(page, png));
    await context.close();
  }
  const [worker, onPage] = shots as [number[], number[]];
  expect(worker.length).toBe(onPage.length);
  // One painter: shapes, glyphs and labels alike, give or take the rasteriser's rounding.
  const differs = (i: number) => Math.abs(worker[i]! - onPage[i]!) > 24;
  expect(worker.filter((_, i) => differs(i)).length / worker.length).toBeLessThan(0.002);
});

/**
 * How far right of its marker's stem each label of the marker row starts, in one screenshot (one
 * frame on screen): a stem is a column of the marker's colour down most of the row, a label the
 * dark ink after it, up to the next stem (ink left of the first stem is a label whose marker is
 * out of view).
 */
async function labelOffsets(
  page: Page,
  row: { x: number; y: number; width: number; height: number },
): Promise<number[]> {
  const png = await page.screenshot({ clip: row });
  const colours = await pngColours(page, png);
  const width = Math.round(row.width);
  const height = Math.round(row.height);
  const dark = (c: number) => ((c >> 16) & 0xff) + ((c >> 8) & 0xff) + (c & 0xff) < 300;
  const marker = (c: number) => c >> 16 > 180 && ((c >> 8) & 0xff) < 160 && (c & 0xff) < 120;
  const offsets: number[] = [];
  let stem: number | null = null;
  let labelled = false;
  for (let x = 0; x < width; x++) {
    let stemRows = 0;
    let ink = false;
    for (let y = 0; y < height; y++) {
      const colour = colours[y * width + x]!;
      if (marker(colour)) stemRows++;
      if (dark(colour)) ink = true;
    }
    if (stemRows >= height / 2) {
      stem = x;
      labelled = false;
    } else if (ink && stem !== null && !labelled) {
      offsets.push(x - stem);
      labelled = true;
    }
  }
  return offsets;
}

test('labels and shapes are painted in the same frame through a burst of zoom steps at 4x CPU', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const timelines = await openWith(page, 'worker');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const row = (await page.locator('[data-testid=timeline-row][data-kind=MARKER]').boundingBox())!;
  // Each label starts just right of its marker's stem (a few pixels, the same for every label).
  const atRest = await labelOffsets(page, row);
  expect(atRest.length).toBeGreaterThan(5);
  const near = Math.max(...atRest);
  expect(near).toBeLessThan(15);
  await timelines.focus();
  let frames = 0;
  // Steps back to back, a frame on screen caught after each: a label a frame behind its shape
  // would stand a zoom step (a fifth of its distance from the left) away from its stem.
  for (const key of ['+', '+', '+', '+', '-', '-', '+', '-', '-', '-']) {
    await page.keyboard.press(key);
    const offsets = await labelOffsets(page, row);
    expect(offsets.filter((offset) => offset > near + 1)).toEqual([]);
    frames += offsets.length > 0 ? 1 : 0;
  }
  expect(frames).toBeGreaterThan(5);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});
