import { expect, test, type Page } from '@playwright/test';
import { xOfTime } from './support/time-axis';
import { tlaFor, uploadPublic } from './support/viewer-files';

/**
 * The inspector stands beside the timelines on a wide window (above the score PDF when the file
 * has one), in view while the timelines fill the window's height; on a narrower one it folds
 * below them. Selecting never moves the timelines.
 */

async function openDrawn(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
}

const stageBox = async (page: Page) =>
  (await page.getByTestId('timelines').locator('.viewer-timelines__stage').boundingBox())!;

/** Clicks the row of `kind` at `x` (a quarter of the stage in by default). */
async function selectIn(page: Page, kind: string, x?: number) {
  const row = (await page.locator(`[data-testid=timeline-row][data-kind=${kind}]`).boundingBox())!;
  await page.mouse.click(x ?? row.x + row.width / 4, row.y + (row.height * 3) / 4);
  await expect(page.getByTestId('inspector')).toBeVisible();
}

test('at 1440 x 900 the inspector is beside the timelines, above the score, all in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDrawn(page, '/viewer/135');
  const before = await stageBox(page);
  await selectIn(page, 'HARMONY');
  const inspector = (await page.getByTestId('inspector').boundingBox())!;
  expect(inspector.x).toBeGreaterThanOrEqual(before.x + before.width);
  expect(inspector.y + inspector.height).toBeLessThanOrEqual(900);
  // Every field of the chord is there to read.
  for (const field of ['Label', 'Key', 'Bar', 'Quality', 'Inversion']) {
    await expect(page.getByTestId('inspector').getByText(field, { exact: true })).toBeVisible();
  }
  // The score's panel below it, the timelines where they were.
  const score = (await page.getByTestId('pdf-side').boundingBox())!;
  expect(score.y).toBeGreaterThanOrEqual(inspector.y + inspector.height);
  expect(await stageBox(page)).toEqual(before);
});

test('a wide window keeps a column for the inspector when the file has no score', async ({
  page,
  request,
}) => {
  const id = await uploadPublic(request, `beside${Date.now().toString(36)}`, [
    {
      name: 'plain.tla',
      mimeType: 'application/json',
      buffer: tlaFor('', 'Beats and markers only', 20),
    },
  ]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDrawn(page, `/viewer/${id}`);
  await expect(page.getByText('Select a component to see its fields here.')).toBeVisible();
  const before = await stageBox(page);
  // The beat at 5 s, on its tick.
  await selectIn(page, 'BEAT', await xOfTime(page, 5, { start: 0, end: 20 }));
  const inspector = (await page.getByTestId('inspector').boundingBox())!;
  expect(inspector.x).toBeGreaterThanOrEqual(before.x + before.width);
  expect(inspector.y + inspector.height).toBeLessThanOrEqual(900);
  expect(await stageBox(page)).toEqual(before);
  // Closed, the column says what it is for again.
  await page.getByTestId('inspector').getByRole('button', { name: /close/i }).click();
  await expect(page.getByText('Select a component to see its fields here.')).toBeVisible();
});

test('on a narrower window the inspector folds below the timelines', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await openDrawn(page, '/viewer/135');
  await expect(page.getByText('Select a component to see its fields here.')).toHaveCount(0);
  await selectIn(page, 'HARMONY');
  const stage = await stageBox(page);
  const inspector = (await page.getByTestId('inspector').boundingBox())!;
  expect(inspector.y).toBeGreaterThanOrEqual(stage.y + stage.height);
});
