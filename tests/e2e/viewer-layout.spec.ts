import { expect, test, type Page } from '@playwright/test';
import type { HierarchyComponentJson, ViewerFileJson } from '../../src/shared/api-types';
import { pngBrightness } from './support/png-pixels';
import { shownLabels } from './support/stage-labels';
import { xOfTime } from './support/time-axis';
import { clicksWav, tlaFor, uploadPublic } from './support/viewer-files';

/** The viewer as an analyst reads it: boundaries, names beside the data, phones. */

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
}

test('touching phrases of one colour are drawn with a boundary between them', async ({ page }) => {
  await open(page, '/viewer/135');
  const json = (await (await page.request.get('/api/v1/files/135/json')).json()) as ViewerFileJson;
  const phrases = json.timelines.find((t) => t.name === 'Phrases')!
    .components as HierarchyComponentJson[];
  const sorted = [...phrases].sort((a, b) => a.start - b.start);
  // Two phrases where one ends as the next begins.
  const pair = sorted.findIndex((unit, i) => i > 0 && sorted[i - 1]!.end === unit.start);
  expect(pair).toBeGreaterThan(0);
  const boundary = sorted[pair]!.start;
  const row = (await page
    .locator('[data-testid="timeline-row"][data-kind="HIERARCHY"]')
    .boundingBox())!;
  const x = Math.floor(await xOfTime(page, boundary, json.concrete_work));
  const strip = await page.screenshot({
    clip: { x: x - 6, y: row.y + row.height / 2, width: 13, height: 1 },
  });
  const pixels = await pngBrightness(page, strip);
  // The fill on both sides is light; the boundary column is clearly darker than both.
  const darkest = Math.min(...pixels);
  expect(darkest).toBeLessThan(pixels[0]! * 0.75);
  expect(darkest).toBeLessThan(pixels.at(-1)! * 0.75);
});

test('no timeline name covers a drawn label', async ({ page }) => {
  await open(page, '/viewer/135');
  const names = await page
    .locator('.viewer-name')
    .evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
    );
  expect(names.length).toBeGreaterThan(0);
  // Where the painter reported each label's box.
  const labels = (await shownLabels(page)).map(({ x, y, width, height }) => ({
    left: x,
    right: x + width,
    top: y,
    bottom: y + height,
  }));
  expect(labels.length).toBeGreaterThan(20);
  for (const name of names) {
    for (const label of labels) {
      const apart =
        label.left >= name.right ||
        label.right <= name.left ||
        label.top >= name.bottom ||
        label.bottom <= name.top;
      expect(apart).toBe(true);
    }
  }
  // And the last cadence is whole on screen at fit-to-screen.
  const stage = (await page.locator('.viewer-timelines__stage').boundingBox())!;
  const right = Math.max(...labels.map((label) => label.right));
  expect(right).toBeLessThanOrEqual(stage.x + stage.width);
});

test('at 360 px the Play button is there and at least 40 px wide', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
  });
  const page = await context.newPage();
  const id = await uploadPublic(page.request, `phone${Date.now().toString(36)}`, [
    { name: 'phone.tla', mimeType: 'application/json', buffer: tlaFor('phone.wav', 'Phone', 8) },
    { name: 'phone.wav', mimeType: 'audio/wav', buffer: clicksWav(8) },
  ]);
  await open(page, `/viewer/${id}`);
  const play = page.getByRole('button', { name: 'Play' });
  await expect(play).toBeInViewport();
  for (const name of ['Play', 'Stop', 'Zoom in', 'Zoom out', 'Fit to screen']) {
    const box = (await page.getByRole('button', { name }).boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(40);
    expect(box.height).toBeGreaterThanOrEqual(40);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  // The strip that reads the timelines comes after them on a phone.
  const timelines = (await page.getByTestId('timelines').boundingBox())!;
  const strip = (await page.getByTestId('now-playing').boundingBox())!;
  expect(strip.y).toBeGreaterThan(timelines.y);
  await page.screenshot({ path: test.info().outputPath('viewer-360.png'), fullPage: true });
  await context.close();
});

test('the timelines take the height the window offers, and give it back', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await open(page, '/viewer/135');
  const heights = () =>
    page
      .getByTestId('timeline-row')
      .evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
  const total = async () => (await heights()).reduce((a, b) => a + b);
  const stageBottom = async () => {
    const stage = (await page.locator('.viewer-timelines__stage').boundingBox())!;
    return stage.y + stage.height;
  };
  const least = [40, 30, 160, 30, 60, 30, 30];
  // The rows grow past their least heights and end inside the window (once the strip above
  // them has loaded and they have refitted).
  await expect.poll(total).toBeGreaterThan(least.reduce((a, b) => a + b));
  await expect.poll(stageBottom).toBeLessThanOrEqual(900);
  const laptop = await heights();

  // A taller window: every row as tall or taller, the phrases at their most (60 px a level).
  await page.setViewportSize({ width: 1440, height: 1300 });
  await expect.poll(total).toBeGreaterThan(laptop.reduce((a, b) => a + b));
  const tall = await heights();
  tall.forEach((height, i) => expect(height).toBeGreaterThanOrEqual(laptop[i]!));
  expect(tall[3]).toBe(60);

  // A short window: the least heights, as before, and the page scrolls to the rest.
  await page.setViewportSize({ width: 1440, height: 500 });
  await expect.poll(heights).toEqual(least);
  await context.close();
});

test('the timelines stay where they are while the now-playing strip changes', async ({
  browser,
}) => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 360, height: 740 },
  ]) {
    const page = await browser.newPage({ viewport });
    await open(page, '/viewer/135');
    const harmony = page.locator('[data-testid="timeline-row"][data-kind="HARMONY"]');
    const notes = page.getByTestId('now-playing-score');
    const ruler = (await page.getByTestId('time-ruler').boundingBox())!;
    const top = (await harmony.boundingBox())!.y;
    // Seek across the piece: the strip shows one chord of notes after another.
    const texts = new Set<string>();
    for (let n = 1; n <= 6; n++) {
      const before = await notes.textContent();
      await page.mouse.click(ruler.x + (ruler.width * n) / 8, ruler.y + ruler.height / 2);
      await expect(notes).not.toHaveText(before ?? '');
      texts.add((await notes.textContent()) ?? '');
      expect((await harmony.boundingBox())!.y).toBe(top);
    }
    expect(texts.size).toBeGreaterThan(3);
    // The extremes the clock can write: every entry empty, every entry a ten-note chord.
    for (const text of ['—', 'C4 E4 G4 C5 E5 G5 C6 E6 G6 C7']) {
      await page
        .getByTestId('now-playing')
        .locator('dd')
        .evaluateAll((values, t) => values.forEach((value) => (value.textContent = t)), text);
      expect((await harmony.boundingBox())!.y).toBe(top);
    }
    await page.close();
  }
});

test('a zoom step rewrites only the labels that are new to the view', async ({ page }) => {
  await open(page, '/viewer/135');
  const region = page.getByTestId('timelines');
  const shownTexts = () =>
    page
      .locator('.viewer-label:not([hidden])')
      .evaluateAll((labels) => labels.map((label) => label.textContent ?? ''));
  const before = await shownTexts();
  await page.evaluate(() => {
    const layer = document.querySelector('.viewer-labels')!;
    const rewritten = new Set<Node>();
    (window as unknown as { rewritten: Set<Node> }).rewritten = rewritten;
    new MutationObserver((records) => {
      for (const record of records) {
        // A text or figures replaced inside a label (the layer's own children are labels).
        if (record.target !== layer) rewritten.add(record.target);
      }
    }).observe(layer, { subtree: true, childList: true, characterData: true });
  });
  await region.focus();
  await page.keyboard.press('+');
  // The zoom is written with the labels of the new view, in the same paint.
  await expect(region).not.toHaveAttribute('data-zoom', '1.0000');
  const after = await shownTexts();
  // Labels shown after the step beyond those of the same text shown before it.
  const left = new Map<string, number>();
  for (const text of before) left.set(text, (left.get(text) ?? 0) + 1);
  let fresh = 0;
  for (const text of after) {
    const count = left.get(text) ?? 0;
    if (count > 0) left.set(text, count - 1);
    else fresh += 1;
  }
  const rewritten = await page.evaluate(
    () => (window as unknown as { rewritten: Set<Node> }).rewritten.size,
  );
  expect(after.length).toBeGreaterThan(fresh);
  expect(rewritten).toBeLessThanOrEqual(fresh);
});
