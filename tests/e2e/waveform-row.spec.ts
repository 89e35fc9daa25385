import { expect, test, type Page } from '@playwright/test';
import { pngColours } from './support/png-pixels';
import { clicksWav, tlaFor, uploadPublic } from './support/viewer-files';

/**
 * A file without an Audiowave timeline, with a stored recording: the viewer offers the
 * recording's waveform in a row of its own, drawn from the peaks the server computes.
 */

const SECONDS = 20;
let fileId = 0;

test.beforeAll(async ({ request }) => {
  fileId = await uploadPublic(request, `wave${Date.now().toString(36)}`, [
    {
      name: 'waveless.tla',
      mimeType: 'application/json',
      buffer: tlaFor('clicks.wav', 'No wave', SECONDS),
    },
    { name: 'clicks.wav', mimeType: 'audio/wav', buffer: clicksWav(SECONDS) },
  ]);
});

const waveRows = (page: Page) => page.locator('[data-testid=timeline-row][data-kind=AUDIOWAVE]');

/** Pixels of the waveform's blue in the waveform row, on the stage. */
async function bluePixels(page: Page): Promise<number> {
  const row = (await waveRows(page).boundingBox())!;
  const canvas = (await page
    .getByTestId('timelines')
    .locator('canvas.viewer-canvas')
    .boundingBox())!;
  const png = await page.screenshot({
    clip: { x: canvas.x, y: row.y, width: canvas.width, height: row.height },
  });
  return (await pngColours(page, png)).filter((colour) => colour === 0x3a78d4).length;
}

test('the recording’s waveform is offered, drawn in a row of its own, and taken away', async ({
  page,
}) => {
  await page.goto(`/viewer/${fileId}`);
  const timelines = page.getByTestId('timelines');
  await expect(timelines).toHaveAttribute('data-drawn', 'true');
  await expect(waveRows(page)).toHaveCount(0);
  const note = page.getByTestId('waveform-row');
  await expect(note).toContainText('This file has no Audiowave timeline.');
  await note.getByRole('button', { name: "Show the recording's waveform" }).click();

  // The first row, named, drawn from the recording's peaks once the server has them.
  await expect(waveRows(page)).toHaveCount(1);
  await expect(timelines).toHaveAttribute('data-drawn', 'true');
  await expect(page.getByTestId('timeline-row').first()).toHaveAttribute('data-kind', 'AUDIOWAVE');
  await expect(
    page.getByTestId('timeline-names').getByText('Waveform', { exact: true }),
  ).toBeVisible();
  await expect.poll(() => bluePixels(page), { timeout: 30_000 }).toBeGreaterThan(40);
  await expect(note).toContainText("The first row shows the recording's waveform.");

  await note.getByRole('button', { name: 'Hide the waveform' }).click();
  await expect(waveRows(page)).toHaveCount(0);
  await expect(timelines).toHaveAttribute('data-drawn', 'true');
});
