import { expect, test, type Page } from '@playwright/test';
import type { HarmonyComponentJson, ViewerFileJson } from '../../src/shared/api-types';
import { xOfTime } from './support/time-axis';

/**
 * The timelines are drawn by pixi in the layout worker, on the page's canvas handed over as an
 * OffscreenCanvas; where a browser cannot hand a canvas over, the page draws them itself.
 */

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
}

/** How the canvas answers a 2D context request: a canvas handed to a worker refuses. */
function canvasOwner(page: Page): Promise<string> {
  return page
    .getByTestId('timelines')
    .locator('canvas')
    .evaluate((canvas) => {
      try {
        (canvas as HTMLCanvasElement).getContext('2d');
        return 'page';
      } catch {
        return 'worker';
      }
    });
}

/** Clicks the chord with the widest gap around it; the inspector must name it. */
async function selectAChord(page: Page) {
  const json = (await (await page.request.get('/api/v1/files/135/json')).json()) as ViewerFileJson;
  const chords = (
    json.timelines.find((t) => t.kind === 'HARMONY_TIMELINE')!.components as HarmonyComponentJson[]
  )
    .filter((h) => h.kind === 'HARMONY')
    .sort((a, b) => a.time - b.time);
  let best = 1;
  for (let i = 2; i < chords.length - 1; i++) {
    const gap = (n: number) =>
      Math.min(chords[n]!.time - chords[n - 1]!.time, chords[n + 1]!.time - chords[n]!.time);
    if (gap(i) > gap(best)) best = i;
  }
  const row = (await page.locator('[data-testid=timeline-row][data-kind=HARMONY]').boundingBox())!;
  const x = await xOfTime(page, chords[best]!.time, json.concrete_work);
  await page.mouse.click(x + 2, row.y + (row.height * 3) / 4);
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  await expect(inspector.locator('dd').first()).toHaveText(chords[best]!.label);
}

async function inkedRows(page: Page): Promise<number> {
  const shot = await page.getByTestId('timelines').locator('canvas').screenshot();
  return shot.length;
}

for (const [name, offscreen] of [
  ['in the layout worker', true],
  ['on the page where a canvas cannot go to a worker', false],
] as const) {
  test(`the timelines are drawn ${name}, and select and zoom`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    if (!offscreen) {
      await page.addInitScript(() => {
        delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>)
          .transferControlToOffscreen;
      });
    }
    await open(page, '/viewer/135');
    const region = page.getByTestId('timelines');
    await expect(region).toHaveAttribute('data-renderer', offscreen ? 'worker' : 'page');
    expect(await canvasOwner(page)).toBe(offscreen ? 'worker' : 'page');
    expect(await inkedRows(page)).toBeGreaterThan(10_000);
    await selectAChord(page);
    await page.keyboard.press('+');
    await expect(region).not.toHaveAttribute('data-zoom', '1.0000');
    expect(await inkedRows(page)).toBeGreaterThan(10_000);
    expect(errors).toEqual([]);
  });
}
