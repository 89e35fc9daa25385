import { expect, test, type Page } from '@playwright/test';
import type { HarmonyComponentJson, ViewerFileJson } from '../../src/shared/api-types';
import { pngBrightness } from './support/png-pixels';
import { labelList, shownLabels } from './support/stage-labels';
import { timeAxis, xOfTime } from './support/time-axis';
import { clicksWav, tlaFor, uploadPublic } from './support/viewer-files';

async function openViewer(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
}

async function playheadX(page: Page): Promise<number> {
  return page.getByTestId('playhead').evaluate((element) => {
    const match = /translate3d\(([-\d.]+)px/.exec((element as HTMLElement).style.transform);
    return match ? Number(match[1]) : Number.NaN;
  });
}

test.describe('viewer', () => {
  test('draws the timelines of example 135 with title, heading and play controls', async ({
    page,
  }, testInfo) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') warnings.push(message.text());
    });
    await openViewer(page, '/viewer/135');
    const heading =
      'Piano Sonata No. 6 in D major, K. 284: I. Allegro by Wolfgang Amadeus Mozart performed by ' +
      'MuseScore 3 (synthesized piano)';
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(`${heading} | TiLiA`);
    const rows = page.getByTestId('timeline-row');
    await expect(rows).toHaveCount(7);
    const drawn = await rows.evaluateAll((elements) =>
      elements.map((e) => [
        (e as HTMLElement).dataset.kind,
        Number((e as HTMLElement).dataset.visibleCount),
      ]),
    );
    // The seed's order: Audiowave, Measures, Score, Phrases, Harmony, Cadences, Score PDF.
    expect(drawn.map(([kind]) => kind)).toEqual([
      'AUDIOWAVE',
      'BEAT',
      'SCORE',
      'HIERARCHY',
      'HARMONY',
      'MARKER',
      'PDF',
    ]);
    for (const [, count] of drawn) expect(count).toBeGreaterThan(0);
    // A recording: the toolbar has play and stop.
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    for (const name of ['Zoom in', 'Zoom out', 'Fit to screen']) {
      await expect(page.getByRole('button', { name })).toBeVisible();
    }
    const marks = await page.evaluate(() =>
      performance.getEntriesByType('mark').map((m) => m.name),
    );
    expect(marks).toEqual(expect.arrayContaining(['viewer:data', 'viewer:drawn']));
    await page.screenshot({ path: testInfo.outputPath('viewer-135.png'), fullPage: true });
    // The canvas really has ink in each timeline row.
    const inked = await page.getByTestId('timelines').locator('canvas.viewer-canvas').screenshot();
    expect(inked.length).toBeGreaterThan(10_000);
    expect(warnings).toEqual([]);
  });

  test('clicking a harmony opens the inspector; right arrow selects the next one', async ({
    page,
  }) => {
    const json = (await (
      await page.request.get('/api/v1/files/135/json')
    ).json()) as ViewerFileJson;
    const harmonies = (json.timelines.find((t) => t.kind === 'HARMONY_TIMELINE')?.components ??
      []) as HarmonyComponentJson[];
    const chords = harmonies.filter((h) => h.kind === 'HARMONY').sort((a, b) => a.time - b.time);
    // The chord with the widest gap around it, so one click cannot hit a neighbour.
    let best = 1;
    let widest = 0;
    for (let i = 1; i < chords.length - 1; i++) {
      const gap = Math.min(
        chords[i]!.time - chords[i - 1]!.time,
        chords[i + 1]!.time - chords[i]!.time,
      );
      if (gap > widest) [best, widest] = [i, gap];
    }
    const chord = chords[best]!;
    const next = chords[best + 1]!;
    await openViewer(page, '/viewer/135');
    const row = await page.locator('[data-testid=timeline-row][data-kind=HARMONY]').boundingBox();
    if (!row) throw new Error('no harmony row');
    const span = { start: json.concrete_work.start, end: json.concrete_work.end };
    // Chords are the lower of the harmony's two rows, however tall the window makes them; a
    // chord's tick stands at the row's foot. (At fit-to-screen this chord's name is left out: the
    // name of the chord before runs over its tick, and a click on that name selects that chord.)
    await page.mouse.click((await xOfTime(page, chord.time, span)) + 1, row.y + row.height - 3);
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await expect(inspector).toBeVisible();
    await expect(inspector.locator('dd').first()).toHaveText(chord.label);
    // Paused: a single click selects and does not move the playhead.
    await expect(page.locator('output.viewer-clock')).toHaveText(/^0:00:00\.00 \//);

    await page.keyboard.press('ArrowRight');
    await expect(inspector.locator('dd').first()).toHaveText(next.label);
    await expect(inspector).toContainText(formatTime(next.time));
    // Keyboard selection never moves playback.
    await expect(page.locator('output.viewer-clock')).toHaveText(/^0:00:00\.00 \//);

    await inspector.getByRole('button', { name: 'Close inspector' }).click();
    await expect(inspector).toHaveCount(0);
  });

  test('?t= opens at that time and &c= opens with that component selected', async ({ page }) => {
    const json = (await (
      await page.request.get('/api/v1/files/135/json')
    ).json()) as ViewerFileJson;
    const marker = json.timelines.find((t) => t.kind === 'MARKER_TIMELINE')?.components[0] as {
      id: number;
      label: string;
    };
    await openViewer(page, `/viewer/135?t=83.5&c=${marker.id}`);
    await expect(page.locator('output.viewer-clock')).toHaveText(
      `0:01:23.50 / ${formatTime(json.concrete_work.length)}`,
    );
    const axis = await timeAxis(page);
    const expected = (83.5 / json.concrete_work.length) * axis.width;
    await expect.poll(() => playheadX(page)).toBeGreaterThan(expected - 2);
    expect(await playheadX(page)).toBeLessThan(expected + 2);
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await expect(inspector).toContainText(marker.label);
  });

  test('zoom steps record viewer:zoom and fit returns to the whole file', async ({ page }) => {
    await openViewer(page, '/viewer/135');
    const timelines = page.getByTestId('timelines');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(timelines).toHaveAttribute('data-zoom', '1.2000');
    await timelines.focus();
    await page.keyboard.press('+');
    await expect(timelines).toHaveAttribute('data-zoom', '1.4400');
    await page.keyboard.press('-');
    await expect(timelines).toHaveAttribute('data-zoom', '1.2000');
    await page.getByRole('button', { name: 'Fit to screen' }).click();
    await expect(timelines).toHaveAttribute('data-zoom', '1.0000');
    // Each step's measure ends at the animation frame after its paint, which sets data-zoom.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('viewer:zoom').length))
      .toBe(4);
  });

  test('Ctrl+wheel (a trackpad pinch) zooms the timelines around the pointer, not the page', async ({
    page,
  }) => {
    await openViewer(page, '/viewer/135');
    const timelines = page.getByTestId('timelines');
    const scroller = page.getByTestId('timelines-scroller');
    const axis = await timeAxis(page);
    const pixelRatio = await page.evaluate(() => window.devicePixelRatio);
    const pointer = 400;
    await page.mouse.move(axis.x + pointer, axis.y + 40);
    // The fraction of the file under the pointer, from the zoom and the scroll.
    const fractionAtPointer = async () => {
      const zoom = Number(await timelines.getAttribute('data-zoom'));
      const scrollLeft = await scroller.evaluate((element) => element.scrollLeft);
      return (pointer + scrollLeft) / (axis.width * zoom);
    };
    const before = await fractionAtPointer();
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await expect(timelines).toHaveAttribute('data-zoom', '1.2000');
    await page.mouse.wheel(0, -100);
    await expect(timelines).toHaveAttribute('data-zoom', '1.4400');
    // A pinch's small steps zoom by as much as the fingers move.
    await page.mouse.wheel(0, 30);
    await page.keyboard.up('Control');
    await expect
      .poll(async () => Number(await timelines.getAttribute('data-zoom')))
      .toBeCloseTo(1.44 / 1.2 ** 0.3, 3);
    expect(Math.abs((await fractionAtPointer()) - before) * axis.width).toBeLessThan(1.5);
    // The page itself did not zoom.
    expect(await page.evaluate(() => window.devicePixelRatio)).toBe(pixelRatio);
  });

  test('on a phone, two fingers pinch the timelines around the point between them', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openViewer(page, '/viewer/135');
    const timelines = page.getByTestId('timelines');
    const scroller = page.getByTestId('timelines-scroller');
    const axis = await timeAxis(page);
    const box = (await timelines.locator('canvas.viewer-canvas').boundingBox())!;
    const y = box.y + 40;
    const middle = 150;
    const fractionAt = async (x: number) => {
      const zoom = Number(await timelines.getAttribute('data-zoom'));
      const scrollLeft = await scroller.evaluate((element) => element.scrollLeft);
      return (x + scrollLeft) / (axis.width * zoom);
    };
    const before = await fractionAt(middle);
    const cdp = await page.context().newCDPSession(page);
    const fingers = (type: 'touchStart' | 'touchMove' | 'touchEnd', apart: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints:
          type === 'touchEnd'
            ? []
            : [
                { x: axis.x + middle - apart / 2, y, id: 1 },
                { x: axis.x + middle + apart / 2, y, id: 2 },
              ],
      });
    // The fingers go from 40 px apart to 120: three times the zoom.
    await fingers('touchStart', 40);
    for (let apart = 50; apart <= 120; apart += 10) await fingers('touchMove', apart);
    await fingers('touchEnd', 120);
    await expect
      .poll(async () => Number(await timelines.getAttribute('data-zoom')))
      .toBeCloseTo(3, 1);
    // What was between the fingers stays between them; the page itself did not zoom.
    expect(Math.abs((await fractionAt(middle)) - before) * axis.width * 3).toBeLessThan(4);
    expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBe(1);
    // Nothing was selected by the fingers.
    await page.waitForTimeout(300);
    await expect(page.getByRole('complementary', { name: 'Inspector' })).toHaveCount(0);
  });

  test('zoomed in, a sideways wheel, the scrollbar and a touch drag scroll the timelines', async ({
    page,
  }) => {
    await openViewer(page, '/viewer/135');
    const timelines = page.getByTestId('timelines');
    const scroller = page.getByTestId('timelines-scroller');
    await timelines.focus();
    for (const zoom of ['1.2000', '1.4400', '1.7280']) {
      await page.keyboard.press('+');
      await expect(timelines).toHaveAttribute('data-zoom', zoom);
    }
    const scrollLeft = () => scroller.evaluate((element) => element.scrollLeft);
    const firstMeasure = () =>
      page
        .locator('.viewer-label:not([hidden])')
        .first()
        .evaluate((element) => element.textContent);
    expect(await scrollLeft()).toBe(0);
    const box = (await timelines.locator('canvas.viewer-canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // A vertical wheel is the page's: the timelines stay where they are.
    await page.mouse.wheel(0, 120);
    await page.waitForTimeout(200);
    expect(await scrollLeft()).toBe(0);
    // A sideways one scrolls them, and the drawing follows.
    const before = await firstMeasure();
    await page.mouse.wheel(400, 0);
    await expect.poll(scrollLeft).toBe(400);
    await expect.poll(firstMeasure).not.toBe(before);
    // The scrollbar moves the same view.
    await scroller.evaluate((element) => (element.scrollLeft = 100));
    await expect.poll(scrollLeft).toBe(100);
    // A finger dragged 80 px to the right shows what lies to the left, and selects nothing.
    const cdp = await page.context().newCDPSession(page);
    const y = box.y + 20;
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      });
    await touch('touchStart', box.x + 300);
    for (let x = 310; x <= 380; x += 10) await touch('touchMove', box.x + x);
    await touch('touchEnd', box.x + 380);
    await expect.poll(scrollLeft).toBe(20);
    await page.waitForTimeout(300);
    await expect(page.getByRole('complementary', { name: 'Inspector' })).toHaveCount(0);
  });

  test('labels are painted and listed as text: measure numbers, stacked figures, cadences', async ({
    page,
  }) => {
    await openViewer(page, '/viewer/135');
    // The painted labels are a list for assistive technology (the canvas is an image to it).
    const list = labelList(page);
    expect(await list.evaluate((element) => element.closest('[aria-hidden=true]'))).toBeNull();
    const shown = list.locator('li:not([hidden])');
    // Measure 1's number, a cadence and a key are among the labels of the whole movement, each
    // painted inside the stage's canvas.
    const canvas = (await page
      .getByTestId('timelines')
      .locator('canvas.viewer-canvas')
      .boundingBox())!;
    const painted = await shownLabels(page);
    for (const text of [/^1$/, /^HC$/, /^D:$/]) {
      await expect(shown.filter({ hasText: text }).first()).toBeAttached();
      const label = painted.find((candidate) => text.test(candidate.text))!;
      expect(label.x).toBeGreaterThanOrEqual(canvas.x);
      expect(label.x + label.width).toBeLessThanOrEqual(canvas.x + canvas.width);
      expect(label.y).toBeGreaterThanOrEqual(canvas.y);
      expect(label.y + label.height).toBeLessThanOrEqual(canvas.y + canvas.height);
    }
    // A zoom step moves the labels with the drawing: the first half cadence moves right.
    const cadenceX = async () =>
      Math.min(...(await shownLabels(page)).filter(({ text }) => text === 'HC').map(({ x }) => x));
    const before = await cadenceX();
    const timelines = page.getByTestId('timelines');
    await timelines.focus();
    await page.keyboard.press('+');
    await expect(timelines).toHaveAttribute('data-zoom', '1.2000');
    expect(await cadenceX()).toBeGreaterThan(before);
    // Closer in, ii with 6 over 5: the figures stacked, 6 above 5.
    // (The recording's repeats and tempo put four times the bars in the width the abstract
    // example had: it takes more steps to reach its first ii65.)
    for (let step = 0; step < 13; step++) await page.keyboard.press('+');
    await expect(timelines).toHaveAttribute('data-zoom', '12.8392');
    // Figures follow their numeral in a column of their own, and an applied chord's '/IV' comes
    // after them: V with 4 over 3, of IV.
    const applied = shown.filter({ hasText: /^V43\/IV$/ }).first();
    await expect(applied.locator('.viewer-label__figures > span')).toHaveText(['4', '3']);
    const figures = shown
      .filter({ hasText: /^ii65$/ })
      .first()
      .locator('.viewer-label__figures > span');
    await expect(figures).toHaveText(['6', '5']);
    // Painted stacked: the label is two figure rows tall (10 px each), and its figures' column,
    // right of the numeral, has ink in its upper and its lower row (paint-view.test.ts checks
    // that 6 is painted above 5).
    const iiSix = (await shownLabels(page)).find(({ text }) => text === 'ii65')!;
    expect(iiSix.height).toBeGreaterThanOrEqual(20);
    const column = { x: iiSix.x + iiSix.width - 11, width: 11, height: 10 };
    const inkIn = async (y: number) =>
      (await pngBrightness(page, await page.screenshot({ clip: { ...column, y } }))).filter(
        (value) => value < 300,
      ).length;
    expect(await inkIn(iiSix.y)).toBeGreaterThan(3);
    expect(await inkIn(iiSix.y + 10)).toBeGreaterThan(3);
  });

  test('an unknown id and a missing id get clear messages', async ({ page }) => {
    await page.goto('/viewer/999999');
    await expect(page.getByRole('alert')).toContainText('does not exist, or it is private');
    const dialog = page.waitForEvent('dialog');
    await page.goto('/viewer/');
    const alert = await dialog;
    expect(alert.message()).toBe('No file id was passed in the route.');
    await alert.dismiss();
  });

  test('an uploaded audio file plays, stops, and stops by itself at the end', async ({ page }) => {
    // Long enough that a slow machine's polling still sees the playhead move before the end
    // sends it back to the start (a 3 s clip failed that way once on a loaded 2-core machine).
    const CLIP_SECONDS = 6;
    const id = await uploadPublic(page.request, `audio${Date.now()}`, [
      {
        name: 'clicks.tla',
        mimeType: 'application/json',
        buffer: tlaFor('clicks.wav', 'Clicks', CLIP_SECONDS),
      },
      { name: 'clicks.wav', mimeType: 'audio/wav', buffer: clicksWav(CLIP_SECONDS) },
    ]);
    await openViewer(page, `/viewer/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Clicks by Test Composer performed by Test Performer',
    );
    const clock = page.locator('output.viewer-clock');
    const start = await playheadX(page);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.poll(() => playheadX(page)).toBeGreaterThan(start + 20);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
    await expect(clock).toHaveText('0:00:00.00 / 0:00:06.00');
    await expect.poll(() => playheadX(page)).toBeLessThan(start + 1);

    // Played to the end: playback stops and returns to the start.
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible({
      timeout: (CLIP_SECONDS + 6) * 1000,
    });
    await expect(clock).toHaveText('0:00:00.00 / 0:00:06.00');
  });

  test('a YouTube file creates the player for its video id', async ({ page }) => {
    const requested: string[] = [];
    await page.route('https://www.youtube.com/**', async (route) => {
      requested.push(route.request().url());
      await route.abort();
    });
    const id = await uploadPublic(page.request, `yt${Date.now()}`, [
      {
        name: 'tube.tla',
        mimeType: 'application/json',
        buffer: tlaFor('https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'Tube', 200),
      },
    ]);
    await openViewer(page, `/viewer/${id}`);
    await expect(page.getByTestId('youtube-player')).toHaveAttribute(
      'data-video-id',
      'dQw4w9WgXcQ',
    );
    await expect.poll(() => requested).toContain('https://www.youtube.com/iframe_api');
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
    await expect(page.getByLabel('Video size')).toHaveValue('medium');
  });

  test('opening and leaving the viewer 20 times grows neither the heap nor the workers', async ({
    page,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      return usage.usedSize;
    };
    const go = (path: string) =>
      page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    await page.goto('/about');
    const cycle = async () => {
      await go('/viewer/135/');
      await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
      await go('/about');
      await expect(page.getByTestId('timelines')).toHaveCount(0);
    };
    await cycle();
    await cycle();
    await expect.poll(() => page.workers().length).toBe(0);
    const before = await heap();
    for (let i = 0; i < 20; i++) await cycle();
    await expect.poll(() => page.workers().length).toBe(0);
    const after = await heap();
    expect(after - before).toBeLessThan(3 * 1024 * 1024);
  });
});

function formatTime(seconds: number): string {
  const hundredths = Math.round(seconds * 100);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(hundredths / 360000)}:${two(Math.floor(hundredths / 6000) % 60)}:${two(
    Math.floor(hundredths / 100) % 60,
  )}.${two(hundredths % 100)}`;
}
