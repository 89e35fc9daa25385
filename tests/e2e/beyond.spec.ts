import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import type {
  HarmonyComponentJson,
  MarkerComponentJson,
  ViewerFileJson,
} from '../../src/shared/api-types';
import { parseCsv } from '../../src/shared/csv';
import { fileTimeMap } from '../../src/shared/time-map/beat-timeline-fields';
import { formatTime, parseTime } from '../../src/shared/time-format';
import { MARKER_CSV_HEADER } from '../server/support/export-columns';
import { xOfTime } from './support/time-axis';
import { clicksWav, tlaFor } from './support/viewer-files';

async function openViewer(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
}

async function fileJson(page: Page, id: number): Promise<ViewerFileJson> {
  const response = await page.request.get(`/api/v1/files/${id}/json`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ViewerFileJson;
}

/** The URLs of the page's requests for file `id`'s viewer JSON, collected as they are made. */
function viewerJsonRequests(page: Page, id: number): string[] {
  const urls: string[] = [];
  const pattern = new RegExp(`/api/v1/files/${id}/json`);
  page.on('request', (request) => {
    if (pattern.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** Presses Tab until the locator has focus: keyboard only, whatever sits in between. */
async function tabTo(page: Page, selector: string) {
  for (let presses = 0; presses < 12; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

function timelineOf(json: ViewerFileJson, kind: string) {
  const timeline = json.timelines.find((t) => t.kind === kind);
  if (!timeline) throw new Error(`no ${kind} timeline`);
  return timeline;
}

/** The harmony strip's text, worked out from the JSON by a plain scan: 'D: I'. */
function expectedChord(json: ViewerFileJson, time: number): string {
  const components = timelineOf(json, 'HARMONY_TIMELINE').components as HarmonyComponentJson[];
  const before = components.filter((c) => c.time <= time).sort((a, b) => a.time - b.time);
  const key = before.filter((c) => c.kind === 'MODE').pop();
  const chord = before.filter((c) => c.kind === 'HARMONY').pop();
  return [key?.label, chord?.label].filter(Boolean).join(' ');
}

test.describe('beyond the specification', () => {
  test('share: links at the playhead, or at the selected component when it is included', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openViewer(page, '/viewer/135?t=100');
    const json = await fileJson(page, 135);
    await expect(page.locator('.viewer-clock')).toContainText(formatTime(100));
    // Select a marker by clicking it on the canvas (abstract media: the click does not seek).
    const markers = timelineOf(json, 'MARKER_TIMELINE').components as MarkerComponentJson[];
    const marker = markers[Math.floor(markers.length / 2)]!;
    const row = await page
      .locator('[data-testid="timeline-row"][data-kind="MARKER"]')
      .boundingBox();
    if (!row) throw new Error('no layout');
    const span = json.concrete_work;
    const x = await xOfTime(page, marker.time, span);
    await page.mouse.click(x, row.y + row.height / 2);
    await expect(page.locator('.viewer-inspector')).toContainText(marker.label);

    // The toolbar's link: the playhead (100 s) and the zoom, never the selection.
    await page.getByRole('button', { name: 'Copy a link to this position' }).click();
    await expect(page.getByTestId('link-status')).toHaveText('Link copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/viewer\/135\?t=100&z=\d+(\.\d+)?$/);
    await expect(page.getByTestId('link-status')).toHaveText('', { timeout: 5000 });

    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this moment' });
    await expect(dialog).toBeVisible();
    expect(await dialog.getByTestId('share-link').inputValue()).toBe(copied);
    // Included, the selected component gives the link its time and id.
    await dialog.getByLabel('Include the selected component').check();
    const link = await dialog.getByTestId('share-link').inputValue();
    const at = Math.round(marker.time * 100) / 100;
    expect(link).toMatch(new RegExp(`/viewer/135\\?t=${at}&c=${marker.id}&z=[0-9.]+$`));
    const snippet = await dialog.getByTestId('embed-snippet').inputValue();
    expect(snippet).toContain('<iframe src="');
    expect(snippet).toMatch(new RegExp(`/embed/135\\?t=${at}&amp;z=[0-9.]+"`));
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Link copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await dialog.getByRole('button', { name: 'Copy embed code' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Embed code copied to the clipboard.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The recipient lands on the component, selected, at the same zoom.
    const zoomed = Number(new URL(link).searchParams.get('z'));
    await openViewer(page, link);
    await expect(page.locator('.viewer-clock')).toContainText(formatTime(at));
    await expect(page.locator('.viewer-inspector')).toContainText(marker.label);
    await expect(page.locator('.viewer-inspector')).toContainText(formatTime(marker.time));
    await page.getByRole('button', { name: 'Copy a link to this position' }).click();
    const again = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(Number(again.searchParams.get('z'))).toBeCloseTo(zoomed, 0);
  });

  test('embed: renders chrome-less inside an iframe of a page from another origin', async ({
    page,
    baseURL,
  }) => {
    const host: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>Host page</title><h1>A course page</h1>` +
          `<iframe src="${baseURL}/embed/135?t=30" width="900" height="520" title="TiLiA"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const port = (host.address() as AddressInfo).port;
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|X-Frame-Options|Refused to display/i.test(message.text())) {
        blocked.push(message.text());
      }
    });
    try {
      await page.goto(`http://localhost:${port}/`);
      const frame = page.frameLocator('iframe');
      await expect(frame.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
      await expect(frame.locator('.viewer-clock')).toContainText(formatTime(30));
      // Chrome-less: no site header, footer, navigation or inspector (the example's score PDF
      // brings the PDF panel, whose menu of scores is the one navigation landmark left).
      await expect(frame.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(frame.getByRole('navigation', { name: 'Footer' })).toHaveCount(0);
      await expect(frame.getByRole('navigation')).toHaveCount(1);
      await expect(frame.locator('footer')).toHaveCount(0);
      await expect(frame.getByTestId('now-playing')).toBeVisible();
      await expect(frame.getByRole('link', { name: /Piano Sonata No. 6/ })).toHaveAttribute(
        'href',
        '/viewer/135?t=30',
      );
      expect(blocked).toEqual([]);
    } finally {
      await new Promise((resolve) => host.close(resolve));
    }
  });

  test('the viewer page itself may not be framed by another origin', async ({ baseURL }) => {
    const response = await fetch(`${baseURL}/viewer/135`);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  test('local: a .tla and its WAV play in the viewer with no request to the API', async ({
    page,
  }) => {
    const api: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) api.push(request.url());
    });
    await page.goto('/viewer/local');
    await expect(
      page.getByRole('heading', { name: 'Open a file without uploading' }),
    ).toBeVisible();
    const input = page.locator('input[type="file"]');

    // A broken file first: a clear error, nothing shown.
    await input.setInputFiles({
      name: 'broken.tla',
      mimeType: 'application/json',
      buffer: Buffer.from('{"timelines": '),
    });
    await page.getByRole('button', { name: 'Show in the viewer' }).click();
    await expect(page.getByRole('alert')).toContainText(
      "This file cannot be opened: 'broken.tla': not valid JSON",
    );
    await page.getByRole('button', { name: /Remove broken\.tla/i }).click();

    await input.setInputFiles([
      {
        name: 'local.tla',
        mimeType: 'application/json',
        buffer: tlaFor('local.wav', 'Local Piece', 6),
      },
      { name: 'local.wav', mimeType: 'audio/wav', buffer: clicksWav(6) },
    ]);
    await page.getByRole('button', { name: 'Show in the viewer' }).click();
    await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Local Piece by Test Composer performed by Test Performer',
    );
    await expect(page.locator('audio')).toHaveAttribute('src', /^blob:/);
    // The table of the marker timeline announces the current component during playback.
    await page.getByRole('button', { name: 'Table' }).click();
    await page.getByRole('combobox', { name: 'Timeline' }).selectOption({ index: 1 });
    await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', '2');
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect
      .poll(() => page.locator('audio').evaluate((a) => (a as HTMLAudioElement).currentTime))
      .toBeGreaterThan(1.2);
    await expect(page.getByTestId('now-playing-marker')).toHaveText('one');
    await expect(page.getByTestId('table-live-region')).toHaveText('one, 0:00:01.00');
    await expect(page.locator('tr[aria-current="true"] td').nth(1)).toHaveText('one');
    await page.getByRole('button', { name: 'Pause' }).click();
    expect(api).toEqual([]);
  });

  test('export: the marker timeline of a fixture downloads as CSV with the desktop columns', async ({
    page,
  }) => {
    // The file worker writes the CSV from the file it holds: no second download for it.
    const jsonRequests = viewerJsonRequests(page, 135);
    await openViewer(page, '/viewer/135');
    const json = await fileJson(page, 135);
    const markers = timelineOf(json, 'MARKER_TIMELINE');
    await page.getByText('Export CSV').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /\(marker\)$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    expect(jsonRequests).toHaveLength(1);
    const text = await readFile(await download.path(), 'utf8');
    const [header, ...rows] = parseCsv(text);
    // SPEC.md section 3, 'CSV import columns per kind': Marker: position, comments, label; then
    // where the marker falls in the file's bars (the desktop's import leaves these aside).
    expect(header).toEqual(['time', 'comments', 'label', 'bar', 'pass', 'beat']);
    const components = [...(markers.components as MarkerComponentJson[])].sort(
      (a, b) => a.time - b.time,
    );
    const map = fileTimeMap(json.timelines, null)!;
    expect(rows).toHaveLength(components.length);
    rows.forEach((row, n) => {
      const component = components[n]!;
      // Times to the millisecond.
      expect(Number(row[0])).toBeCloseTo(component.time, 3);
      expect(row[0]!.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(3);
      expect(row[1]).toBe(component.comments);
      expect(row[2]).toBe(component.label);
      const position = map.position(component.time)!;
      expect(row.slice(3, 5)).toEqual([String(position.bar.number), String(position.bar.pass)]);
      expect(Number(row[5])).toBeCloseTo(position.beat, 3);
    });
  });

  test('export: the component search downloads every page of results as CSV', async ({ page }) => {
    await page.goto('/browse/timelines/');
    await page.getByRole('radio', { name: 'Marker' }).check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const link = page.getByRole('link', { name: /^Export all \d+ results as CSV$/ });
    await expect(link).toBeVisible();
    const count = Number(/\d+/.exec((await link.textContent()) ?? '')![0]);
    expect(count).toBeGreaterThan(15);
    // The grid shows one page; the export holds them all.
    expect(await page.locator('.browse-grid tbody tr').count()).toBeLessThanOrEqual(15);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('tilia-marker-components.csv');
    const [header, ...rows] = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(header).toEqual(MARKER_CSV_HEADER);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row[5])).size).toBe(count);
  });

  test('table view: operable with the keyboard alone, announced, and no serious axe violations', async ({
    page,
  }) => {
    // The table reads the file worker's copy of the file: the JSON is downloaded once.
    const jsonRequests = viewerJsonRequests(page, 135);
    await openViewer(page, '/viewer/135');
    const tableButton = page.getByRole('button', { name: 'Table' });
    await expect(tableButton).toBeEnabled();
    await tableButton.focus();
    await page.keyboard.press('Enter');
    await expect(tableButton).toHaveAttribute('aria-pressed', 'true');
    const grid = page.getByRole('grid');
    await expect(grid).toBeVisible();
    expect(jsonRequests).toHaveLength(1);
    const json = await fileJson(page, 135);

    // Tab to the timeline chooser and pick the harmony timeline with the arrow keys.
    await tabTo(page, '.timeline-table select');
    const chooser = page.getByRole('combobox', { name: 'Timeline' });
    await expect(chooser).toBeFocused();
    const options = await chooser.locator('option').allTextContents();
    const harmonyIndex = options.findIndex((o) => /harmon/i.test(o));
    expect(harmonyIndex).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < harmonyIndex; i++) await page.keyboard.press('ArrowDown');
    await expect(grid).toHaveAttribute(
      'aria-rowcount',
      String(timelineOf(json, 'HARMONY_TIMELINE').components.length + 1),
    );
    // The example has beats: every table but the beats' own says where a row falls in the bars.
    await expect(grid.getByRole('columnheader')).toHaveText([
      'Time',
      'Kind',
      'Label',
      'Comments',
      'Bar',
      'Beat',
    ]);

    // Tab reaches the grid's one focusable cell: the grid is one tab stop.
    await tabTo(page, '.timeline-table td');
    const focusedCell = page.locator('td:focus');
    await expect(focusedCell).toHaveAttribute('aria-colindex', '1');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(focusedCell).toHaveAttribute('aria-colindex', '3');
    await expect(focusedCell.locator('xpath=..')).toHaveAttribute('aria-rowindex', '5');
    await page.keyboard.press('PageDown');
    await expect(focusedCell.locator('xpath=..')).toHaveAttribute('aria-rowindex', '105');
    await page.keyboard.press('Control+Home');
    await expect(focusedCell.locator('xpath=..')).toHaveAttribute('aria-rowindex', '2');
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowDown');

    // Enter plays from the row's time (as the table's help says) and marks the row current.
    const row = focusedCell.locator('xpath=..');
    const rowTime = parseTime((await row.locator('td').first().textContent())!)!;
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(row).toHaveAttribute('aria-current', 'true');
    // Space still pauses, from the grid.
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
    const at = await page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime);
    expect(at).toBeGreaterThanOrEqual(rowTime - 0.01);
    expect(at).toBeLessThan(rowTime + 10);
    await expect(page.locator('tr[aria-current="true"]')).toHaveCount(1);
    await expect(page.getByTestId('table-live-region')).toHaveAttribute('aria-live', 'polite');
    // Paging through the table asked the worker, not the server, for its rows.
    expect(jsonRequests).toHaveLength(1);

    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations.filter((v) =>
      ['serious', 'critical'].includes(v.impact ?? ''),
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  test('now playing: the strip shows the right chord at three seek positions of /viewer/135', async ({
    page,
  }) => {
    const json = await fileJson(page, 135);
    // The strip is there, empty, from the first frame: the components arriving later do not
    // push the timelines down under the pointer.
    await openViewer(page, '/viewer/135');
    const strip = page.getByTestId('now-playing-harmony');
    // Already there when the timelines are drawn (no waiting: the strip must not come later).
    expect(await strip.count()).toBe(1);
    const timelinesTop = async () => (await page.getByTestId('timelines').boundingBox())?.y;
    const top = await timelinesTop();
    await expect(page.getByRole('button', { name: 'Table' })).toBeEnabled();
    await expect(strip).not.toHaveText('—');
    expect(await timelinesTop()).toBe(top);
    for (const time of [5, 61.5, 300]) {
      await openViewer(page, `/viewer/135?t=${time}`);
      const expected = expectedChord(json, time);
      expect(expected).not.toBe('');
      await expect(page.getByTestId('now-playing-harmony')).toHaveText(expected);
    }
    // The strip follows an in-page seek too (a double click in the table), without reloading.
    await page.getByRole('button', { name: 'Table' }).click();
    const chooser = page.getByRole('combobox', { name: 'Timeline' });
    const options = await chooser.locator('option').allTextContents();
    await chooser.selectOption({ index: options.findIndex((o) => /harmon/i.test(o)) });
    const harmonies = [
      ...(timelineOf(json, 'HARMONY_TIMELINE').components as HarmonyComponentJson[]),
    ].sort((a, b) => a.time - b.time);
    const target = harmonies[40]!;
    await page.locator('[data-row="40"] td').first().dblclick();
    await expect(page.locator('.viewer-clock')).toContainText(formatTime(target.time));
    await expect(page.getByTestId('now-playing-harmony')).toHaveText(
      expectedChord(json, target.time),
    );
  });
});

test('the embed code’s default size shows every timeline of the file', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/viewer/135');
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  const width = Number(/width="(\d+)"/.exec(snippet)?.[1]);
  const height = Number(/height="(\d+)"/.exec(snippet)?.[1]);
  const src = /src="([^"]+)"/.exec(snippet)![1]!.replace(/&amp;/g, '&');

  await page.setViewportSize({ width, height });
  await page.goto(src);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
  const rows = page.getByTestId('timeline-row');
  await expect(rows).toHaveCount(7);
  for (const row of await rows.all()) {
    const box = (await row.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(height);
  }
});
