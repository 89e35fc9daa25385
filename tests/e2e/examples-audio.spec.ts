/**
 * The eighteen examples are recordings with their scores: /viewer/135 plays (Play button, the
 * playhead and the clock follow the audio, the PDF panel turns pages), and every recording, decoded
 * by Chromium as a page decodes it, starts its first note where the time map puts it.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ViewerFileJson } from '../../src/shared/api-types';
import { pngBrightness } from './support/png-pixels';

const EXAMPLE_IDS = [
  135, 136, 137, 138, 139, 140, 141, 154, 143, 144, 145, 146, 147, 155, 153, 150, 151, 152,
];

async function openViewer(page: Page, id: number) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/viewer/${id}`);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
}

async function playheadX(page: Page): Promise<number> {
  return page.getByTestId('playhead').evaluate((element) => {
    const match = /translate3d\(([-\d.]+)px/.exec((element as HTMLElement).style.transform);
    return match ? Number(match[1]) : Number.NaN;
  });
}

const audioTime = (page: Page) =>
  page.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime);

async function pageTurns(page: Page, id: number): Promise<{ time: number; page: number }[]> {
  const json = (await (
    await page.request.get(`/api/v1/files/${id}/json`)
  ).json()) as ViewerFileJson;
  const pdf = json.timelines.find((t) => t.kind === 'PDF_TIMELINE');
  return (pdf?.components ?? []).map((c) => {
    const marker = c as { time: number; page_number: number };
    return { time: marker.time, page: marker.page_number };
  });
}

async function playAndLook(page: Page, id: number, screenshot: string) {
  await openViewer(page, id);
  const kinds = await page
    .getByTestId('timeline-row')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.kind));
  expect(kinds).toEqual(expect.arrayContaining(['AUDIOWAVE', 'BEAT', 'HARMONY', 'PDF']));
  const sheet = page.getByTestId('pdf-sheet');
  await expect(sheet).toHaveAttribute('data-page', '1');
  const start = await playheadX(page);
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(1.5);
  await expect.poll(() => playheadX(page)).toBeGreaterThan(start + 2);
  await expect(page.locator('output.viewer-clock')).not.toHaveText(/^0:00:00\.00 /);
  // Jump the recording to the second page's first bar: the panel follows the audio.
  const turns = await pageTurns(page, id);
  const second = turns.find((turn) => turn.page === 2);
  expect(second).toBeDefined();
  await page
    .locator('audio')
    .evaluate((a: HTMLAudioElement, t) => (a.currentTime = t), second!.time + 1);
  await expect(sheet).toHaveAttribute('data-page', '2', { timeout: 15_000 });
  await expect.poll(() => audioTime(page)).toBeGreaterThan(second!.time + 1.2);
  await page.screenshot({ path: test.info().outputPath(screenshot) });
  await page.getByRole('button', { name: 'Pause' }).click();
}

test.describe('example recordings', () => {
  test('K. 284 I (/viewer/135) plays, the playhead follows and the score turns its pages', async ({
    page,
  }) => {
    await playAndLook(page, 135, 'k284-1-playing.png');
    // The Score timeline is stored with its notes (the viewer JSON lists the timeline).
    const json = (await (
      await page.request.get('/api/v1/files/135/json')
    ).json()) as ViewerFileJson;
    expect(json.concrete_work.storage).toBe('staticfiles');
    expect(json.timelines.some((t) => t.kind === 'SCORE_TIMELINE')).toBe(true);
    const tla = (await (await page.request.get('/api/v1/files/135/tla')).json()) as {
      media_path: string;
      timelines: Record<string, { kind: string; components: Record<string, { kind: string }> }>;
    };
    expect(tla.media_path).toBe('K284-1.mp3');
    const score = Object.values(tla.timelines).find((t) => t.kind === 'SCORE_TIMELINE');
    const notes = Object.values(score?.components ?? {}).filter((c) => c.kind === 'NOTE');
    expect(notes.length).toBeGreaterThan(5000);
  });

  test('K. 331 III (/viewer/152) plays and turns its pages too', async ({ page }) => {
    await playAndLook(page, 152, 'k331-3-playing.png');
  });

  test('every recording starts its first note where the time map puts it, within 10 ms', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.goto('/about');
    const measured: { id: number; firstNote: number; onset: number }[] = [];
    for (const id of EXAMPLE_IDS) {
      const result = await page.evaluate(async (id) => {
        const config = (await (await fetch('/api/v1/config')).json()) as { media_base_url: string };
        const json = (await (await fetch(`/api/v1/files/${id}/json`)).json()) as {
          concrete_work: { url: string };
        };
        const tla = (await (await fetch(`/api/v1/files/${id}/tla`)).json()) as {
          timelines: Record<
            string,
            { kind: string; components: Record<string, Record<string, unknown>> }
          >;
        };
        const score = Object.values(tla.timelines).find((t) => t.kind === 'SCORE_TIMELINE');
        const starts = Object.values(score?.components ?? {})
          .filter((c) => c.kind === 'NOTE')
          .map((c) => c.start as number);
        const bytes = await (
          await fetch(config.media_base_url + json.concrete_work.url)
        ).arrayBuffer();
        // Decoded as a page decodes it; Chromium applies (or not) LAME's encoder delay here.
        const context = new OfflineAudioContext(1, 1, 44_100);
        const audio = await context.decodeAudioData(bytes);
        const samples = audio.getChannelData(0);
        const window = Math.min(samples.length, 20 * audio.sampleRate);
        let peak = 0;
        for (let i = 0; i < window; i += 1) peak = Math.max(peak, Math.abs(samples[i]!));
        let first = -1;
        for (let i = 0; i < samples.length && first < 0; i += 1) {
          if (Math.abs(samples[i]!) > peak * 0.01) first = i;
        }
        return { firstNote: Math.min(...starts), onset: first / audio.sampleRate };
      }, id);
      measured.push({ id, ...result });
    }
    console.table(
      measured.map(({ id, firstNote, onset }) => ({
        id,
        'first note (s)': firstNote.toFixed(4),
        'onset in the decoded audio (s)': onset.toFixed(4),
        'difference (ms)': ((onset - firstNote) * 1000).toFixed(2),
      })),
    );
    for (const { id, firstNote, onset } of measured) {
      expect(Math.abs(onset - firstNote), `file ${id}`).toBeLessThanOrEqual(0.01);
    }
  });
});

test('the Audiowave row draws the recording’s own waveform, even a few seconds wide', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The server computes the peaks after it starts: wait until it has them.
  await expect
    .poll(async () => (await page.request.get('/api/v1/files/135/peaks')).status(), {
      timeout: 90_000,
    })
    .toBe(200);
  const peaks = page.waitForResponse(
    (response) => response.url().endsWith('/files/135/peaks') && response.status() === 200,
  );
  await page.goto('/viewer/135?t=60&z=4');
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
  await peaks;
  const row = (await page
    .locator('[data-testid=timeline-row][data-kind=AUDIOWAVE]')
    .boundingBox())!;
  const scroller = (await page.getByTestId('timelines-scroller').boundingBox())!;
  const clip = { x: scroller.x, y: row.y, width: Math.round(scroller.width), height: row.height };
  // Four seconds across the screen: the stored bars (one every 0.4 s) would ink a few columns;
  // the waveform inks nearly every one. Columns are read once the painter has had the peaks.
  const inkedShare = async () => {
    const png = await page.screenshot({ clip, path: testInfo.outputPath('audiowave.png') });
    const pixels = await pngBrightness(page, png);
    const height = Math.round(row.height);
    // The right three quarters: the names column is at the left.
    const from = Math.round(clip.width / 4);
    let inked = 0;
    for (let x = from; x < clip.width; x++) {
      let darkest = 765;
      for (let y = 0; y < height; y++) darkest = Math.min(darkest, pixels[y * clip.width + x]!);
      if (darkest < 600) inked++;
    }
    return inked / (clip.width - from);
  };
  await expect.poll(inkedShare, { timeout: 10_000 }).toBeGreaterThan(0.8);
});
