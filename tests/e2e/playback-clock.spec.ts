import { expect, test } from '@playwright/test';
import { clicksWav } from './support/viewer-files';
import { pagesFrom, signUpAndLogIn, uploadAnalysis } from './support/pdf-uploads';
import { scorePdf } from './support/score-pdf';

/**
 * DESIGN.md section 6: while the media plays, the main thread runs one animation loop. The page
 * counts the requestAnimationFrame callbacks of every frame while a file with a recording, cue
 * markers and a score PDF plays with the now-playing strip, the table view and the PDF panel all
 * following it.
 */

test('during playback one requestAnimationFrame callback runs per frame', async ({ page }) => {
  const access = await signUpAndLogIn(page.request, `clock${Date.now().toString(36)}`);
  const id = await uploadAnalysis(
    page.request,
    access,
    'clock.tla',
    {
      title: 'One clock',
      length: 20,
      mediaPath: 'clock.wav',
      markers: [
        { time: 0.5, label: 'first' },
        { time: 1.5, label: 'second' },
        { time: 2.5, label: 'third' },
      ],
      // The page turns after the measured seconds: a page turn is pdf.js's work (it goes on with
      // a page's drawing frame by frame), not a loop that playback keeps running.
      pdfs: [
        {
          name: 'Score',
          path: 'clock.pdf',
          markers: pagesFrom(0, 15),
        },
      ],
    },
    [
      { name: 'clock.wav', bytes: clicksWav(20), type: 'audio/wav' },
      { name: 'clock.pdf', bytes: scorePdf({ label: 'Clock', pages: 2 }), type: 'application/pdf' },
    ],
  );
  await page.addInitScript(() => {
    const perFrame = new Map<number, number>();
    (window as unknown as { rafPerFrame: Map<number, number> }).rafPerFrame = perFrame;
    const original = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) =>
      original((time) => {
        perFrame.set(time, (perFrame.get(time) ?? 0) + 1);
        callback(time);
      });
  });
  await page.goto(`/viewer/${id}`);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
  await page.getByRole('button', { name: 'Table' }).click();
  await page.getByRole('combobox', { name: 'Timeline' }).selectOption({ index: 0 });
  await expect(page.getByTestId('pdf-panel')).toBeVisible();
  // The first page is drawn and the next one prepared before playback starts.
  await expect(page.getByTestId('pdf-sheet')).toHaveAttribute('data-page', '1');
  await page.waitForTimeout(1_000);
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  // Let the page settle into playback, then count two seconds of frames.
  await page.waitForTimeout(500);
  const from = await page.evaluate(() => performance.now());
  await page.waitForTimeout(2_000);
  const counts = await page.evaluate(
    (start) =>
      [...(window as unknown as { rafPerFrame: Map<number, number> }).rafPerFrame]
        .filter(([time]) => time > start)
        .map(([, count]) => count),
    from,
  );
  // The strip, the table and the PDF panel followed along on the same clock.
  await expect(page.getByTestId('now-playing-marker')).not.toHaveText('—');
  expect(counts.length).toBeGreaterThan(30);
  expect(Math.max(...counts)).toBe(1);
});
