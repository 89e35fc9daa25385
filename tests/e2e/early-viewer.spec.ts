import { expect, test, type Page } from '@playwright/test';
import { pngBrightness } from './support/png-pixels';
import { registerByApi } from './support/accounts';
import { storeSession } from './support/session-tokens';
import { tlaFor, uploadPublic } from './support/viewer-files';

/**
 * The viewer's first screen before the app (src/viewer/early-viewer.ts, early-shell.ts): the
 * page's outline, laid out by its own stylesheets, and the stage worker's first frame on the
 * stage's canvas. It shows without the app, sits where the page then puts the timelines, hands
 * its canvas and worker to the page, and is simply not there where the browser cannot paint from
 * a worker.
 */

const APP_BUNDLE = /\/assets\/main-[^/]*\.js$/;

/**
 * Keeps the stage box the early screen reports and its canvas, which leave the outline with it
 * (the canvas for the page's stage).
 */
async function recordEarlyStage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as HTMLElement;
        const stage = target.dataset?.stage;
        if (!stage) continue;
        const kept = window as unknown as { earlyStage: string; earlyCanvas: Element | null };
        kept.earlyStage = stage;
        kept.earlyCanvas = target.querySelector('canvas');
      }
    }).observe(document, { attributes: true, attributeFilter: ['data-stage'], subtree: true });
  });
}

async function openDrawn(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
}

/**
 * Opens `path` until the early screen has shown (three loads at most) and returns the stage box
 * it reported. The app waits for the early screen's first frame, but at most 1.5 s: on a loaded
 * machine the app's own scene can come first.
 */
async function openWithEarlyScreen(page: Page, path: string): Promise<number[]> {
  for (let load = 0; load < 3; load++) {
    await openDrawn(page, path);
    const stage = await page.evaluate(
      () => (window as unknown as { earlyStage?: string }).earlyStage ?? null,
    );
    if (stage) return stage.split(' ').map(Number);
  }
  throw new Error(`${path}: the early screen did not show in three loads`);
}

async function marks(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() =>
    Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])),
  );
}

test('with the app bundle held back, the page shows its heading and the stage worker its timelines', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.route(APP_BUNDLE, () => new Promise(() => undefined));
  await page.goto('/viewer/135', { waitUntil: 'commit' });
  const early = page.getByTestId('early-viewer');
  await expect(early).toHaveAttribute('data-stage', /\d/);
  // Nothing of the app is there: no React root content.
  await expect(page.locator('#root')).toBeEmpty();
  await expect(early).toHaveAttribute('aria-hidden', 'true');
  expect(await early.evaluate((element) => getComputedStyle(element).pointerEvents)).toBe('none');
  // The outline is the page's own markup, styled by its stylesheets: the heading as the page
  // words it, in the page's heading font.
  const heading = early.locator('.viewer-page h1');
  await expect(heading).toHaveText(/^Piano Sonata No\. 6 in D major, K\. 284: I\. Allegro by /);
  expect(await heading.evaluate((element) => getComputedStyle(element).fontWeight)).toBe('700');

  const [x, y, width, height] = (await early.getAttribute('data-stage'))!.split(' ').map(Number);
  const canvas = (await early.locator('canvas').boundingBox())!;
  expect([canvas.x, canvas.y, canvas.width, canvas.height].map(Math.round)).toEqual([
    x,
    y,
    width,
    height,
  ]);
  // The timelines: K. 284 I's audiowave, score, phrases and labels ink most of the stage.
  const stage = await page.screenshot({ clip: { x: x!, y: y!, width: width!, height: height! } });
  const inked = (await pngBrightness(page, stage)).filter((b) => b < 600).length;
  expect(inked / (width! * height!)).toBeGreaterThan(0.05);
  // The names column names them.
  await expect(early.locator('.viewer-name')).toHaveText([
    'Audiowave',
    'Measures',
    'Score',
    'Phrases',
    'Harmony',
    'Cadences',
    'Score PDF',
  ]);
  // The site header's band is left to the app.
  const band = await page.screenshot({ clip: { x: 0, y: 0, width: 1440, height: 64 } });
  expect((await pngBrightness(page, band)).every((b) => b > 700)).toBe(true);
  // One stage worker, the early screen's (the app's stage will take it).
  expect(page.workers().filter((worker) => /stage-painter/.test(worker.url()))).toHaveLength(1);
});

for (const size of [
  { width: 1440, height: 900 },
  { width: 360, height: 740 },
]) {
  test(`at ${size.width} px the early timelines sit where the page puts them, and the page keeps their canvas`, async ({
    page,
    request,
  }) => {
    const id = await uploadPublic(request, `early${size.width}${Date.now().toString(36)}`, [
      {
        name: 'unheard.tla',
        mimeType: 'application/json',
        // Names a recording that is not uploaded: the page shows a note above the toolbar.
        buffer: tlaFor('unheard.wav', 'A piece whose recording stayed at home', 30),
      },
    ]);
    await page.setViewportSize(size);
    await recordEarlyStage(page);
    for (const path of ['/viewer/135', `/viewer/${id}`]) {
      const [x, y, width] = await openWithEarlyScreen(page, path);
      const box = await page
        .getByTestId('timelines')
        .locator('.viewer-timelines__stage')
        .boundingBox();
      expect({ path, x, y, width }).toEqual({
        path,
        x: Math.round(box!.x),
        y: Math.round(box!.y),
        width: Math.round(box!.width),
      });
      await expect(page.getByTestId('early-viewer')).toHaveCount(0);
      // The page's stage is the early screen's canvas, painted by the same worker.
      expect(
        await page.evaluate(() => {
          const kept = window as unknown as { earlyCanvas: Element | null };
          const canvases = document.querySelectorAll('.viewer-canvas');
          return canvases.length === 1 && canvases[0] === kept.earlyCanvas;
        }),
      ).toBe(true);
      expect(page.workers().filter((worker) => /stage-painter/.test(worker.url()))).toHaveLength(1);
      const at = await marks(page);
      // The first frame with the timelines was the early one, before the page's scene.
      expect(at['viewer:drawn']).toBe(at['viewer:early-paint']);
      expect(at['viewer:early-paint']).toBeLessThanOrEqual(at['viewer:interactive']!);
    }
  });
}

test('the worker fetches a signed-in owner’s private file with the session’s token', async ({
  page,
  request,
}) => {
  const username = `earlyowner${Date.now().toString(36)}`;
  const password = 'Early-and-private-9';
  await registerByApi(request, username, password, { firstname: 'Clara', lastname: 'Wieck' });
  const { access, refresh } = (await (
    await request.post('/api/v1/token/', { data: { username, password } })
  ).json()) as { access: string; refresh: string };
  const form = new FormData();
  form.append('is_public', 'false');
  form.append('file', new Blob([new Uint8Array(tlaFor('', 'Only mine', 12))]), 'mine.tla');
  const uploaded = await request.fetch('/api/v1/upload/', {
    method: 'POST',
    headers: { Authorization: `Bearer ${access}` },
    multipart: form,
  });
  expect(uploaded.status()).toBe(201);
  const id = ((await uploaded.json()) as { files: { id: number }[] }).files[0]!.id;

  await page.goto('/about');
  await storeSession(page, { access, refresh, username });

  const fetched: { by: string; authorization?: string }[] = [];
  page.on('request', (sent) => {
    if (!sent.url().endsWith(`/files/${id}/json`)) return;
    // A worker's request names the worker's script as its referrer.
    const by = /viewer-file\.worker/.test(sent.headers().referer ?? '') ? 'worker' : 'page';
    fetched.push({ by, authorization: sent.headers().authorization });
  });
  await openDrawn(page, `/viewer/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Only mine');
  // One request, the worker's, with the token: no second try by the page.
  expect(fetched).toEqual([{ by: 'worker', authorization: `Bearer ${access}` }]);
  await expect(page.getByText(`Hi, ${username}`)).toBeVisible();
});

test('without OffscreenCanvas the page draws as before, with no early screen', async ({ page }) => {
  await page.addInitScript(() => {
    delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
  });
  await openDrawn(page, '/viewer/135');
  await expect(page.getByTestId('early-viewer')).toHaveCount(0);
  const at = await marks(page);
  expect(at['viewer:early-paint']).toBeUndefined();
  expect(at['viewer:drawn']).toBe(at['viewer:interactive']);
  await expect(page.getByTestId('timeline-row')).toHaveCount(7);
});

test('a file that cannot be shown leaves no early screen over the message', async ({ page }) => {
  await page.goto('/viewer/999999');
  await expect(page.getByRole('alert')).toContainText('This file does not exist');
  await expect(page.getByTestId('early-viewer')).toHaveCount(0);
});
