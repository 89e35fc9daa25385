import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { launchBenchChromium, startServer, storeReference } from './viewer-bench';

/**
 * The viewer's extras on the reference file (DESIGN.md section 7): long tasks on the page's main
 * thread from navigation until the table view has been used (the biggest timeline, its last page)
 * and that timeline exported as CSV, and how often the page downloaded `files/{id}/json`.
 *
 *   npx tsx bench/table-bench.ts --client-dir DIR [--minutes 180] [--port 8311] [--trace FILE]
 */

export interface TableBenchResult {
  minutes: number;
  jsonRequests: number;
  drawnMs: number;
  /** Every long task from navigation on: start (ms after navigation) and duration. */
  longTasks: { start: number; duration: number }[];
  afterDrawn: { count: number; maxMs: number };
  csvBytes: number;
}

/** Installed before the page's own scripts, so no long task escapes it. */
const LONG_TASK_RECORDER = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask' });
})()`;

async function useTableAndExport(page: Page): Promise<number> {
  const tableButton = page.getByRole('button', { name: 'Table' });
  await tableButton.waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector<HTMLButtonElement>('[aria-controls="viewer-table-view"]')?.disabled,
    undefined,
    { timeout: 60_000 },
  );
  await tableButton.click();
  const chooser = page.getByRole('combobox', { name: 'Timeline' });
  const options = await chooser.locator('option').allTextContents();
  await chooser.selectOption({ index: options.findIndex((o) => /^Measures/.test(o)) });
  await page.getByRole('button', { name: 'Next rows' }).click();
  await page.locator('.timeline-table td[tabindex="0"]').focus();
  await page.keyboard.press('Control+End');
  await page.locator('.timeline-table td:focus').waitFor();
  await page.getByText('Export CSV').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Measures \(beat\)$/ }).click(),
  ]);
  const file = await download.path();
  // Time for anything the clicks set off to finish (and be recorded) before reading.
  await page.waitForTimeout(1000);
  return statSync(file).size;
}

async function runTableBench(options: {
  minutes: number;
  port: number;
  clientDir: string;
  /** Where to write a Chrome trace of the page, to see what each long task ran. */
  traceFile?: string;
}): Promise<TableBenchResult> {
  const work = mkdtempSync(path.join(tmpdir(), 'tilia-table-bench-'));
  const dataDir = path.join(work, 'data');
  const fileId = await storeReference(dataDir, options.minutes);
  const server = await startServer(options.port, dataDir, options.clientDir);
  const browser = await launchBenchChromium();
  try {
    const url = `http://127.0.0.1:${options.port}/viewer/${fileId}`;
    // Warm-up: the server's viewer-JSON cache.
    await fetch(`http://127.0.0.1:${options.port}/api/v1/files/${fileId}/json`).then((r) =>
      r.arrayBuffer(),
    );
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(LONG_TASK_RECORDER);
    let jsonRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes(`/api/v1/files/${fileId}/json`)) jsonRequests++;
    });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    if (options.traceFile) {
      await browser.startTracing(page, { path: options.traceFile, screenshots: false });
    }
    await page.goto(url);
    await page.waitForSelector('[data-drawn=true]', { timeout: 60_000, state: 'attached' });
    const csvBytes = await useTableAndExport(page);
    const measured = (await page.evaluate(`({
      drawn: performance.getEntriesByName('viewer:drawn')[0]?.startTime ?? NaN,
      longTasks: window.__longTasks,
    })`)) as { drawn: number; longTasks: { start: number; duration: number }[] };
    if (options.traceFile) await browser.stopTracing();
    const after = measured.longTasks.filter((task) => task.start >= measured.drawn);
    await context.close();
    return {
      minutes: options.minutes,
      jsonRequests,
      drawnMs: measured.drawn,
      longTasks: measured.longTasks,
      afterDrawn: {
        count: after.length,
        maxMs: Math.max(0, ...after.map((task) => task.duration)),
      },
      csvBytes,
    };
  } finally {
    await browser.close();
    server.kill();
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(work, { recursive: true, force: true });
  }
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const clientDir = argument('--client-dir');
  if (!clientDir) throw new Error('--client-dir DIR: a built client (npx vite build --outDir DIR)');
  runTableBench({
    minutes: Number(argument('--minutes') ?? 180),
    port: Number(argument('--port') ?? 8311),
    clientDir,
    traceFile: argument('--trace'),
  })
    .then((result) => {
      const tasks = result.longTasks
        .map((task) => `${task.duration.toFixed(0)} ms at ${task.start.toFixed(0)}`)
        .join(', ');
      console.log(
        `table bench (${result.minutes} min): files/{id}/json requested ${result.jsonRequests}×; ` +
          `drawn at ${result.drawnMs.toFixed(0)} ms; beat CSV ${result.csvBytes} bytes`,
      );
      console.log(`long tasks: ${result.longTasks.length} (${tasks || 'none'})`);
      console.log(
        `after viewer:drawn: ${result.afterDrawn.count}, max ${result.afterDrawn.maxMs.toFixed(0)} ms`,
      );
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
