// Temporary probe (not committed): CPU profile of the page's main thread from navigation to viewer:drawn.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBenchChromium, startServer, storeReference } from './viewer-bench';

const throttle = Number(process.argv[2] ?? 4);
const port = 8391;
const dir = process.env.PROF_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'prof-'));
const id = process.env.PROF_ID ? Number(process.env.PROF_ID) : await storeReference(dir, 180, 0);
const server = await startServer(port, dir, process.env.CLIENT_DIR ?? path.resolve('dist'));
const browser = await launchBenchChromium();
try {
  for (let run = 0; run < Number(process.argv[3] ?? 2); run++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await new Promise((r) => setTimeout(r, 1000));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`http://127.0.0.1:${port}/viewer/${id}`);
    await page.waitForFunction(() => performance.getEntriesByName('viewer:drawn').length > 0, null, { timeout: 60000, polling: 200 });
    const { profile } = await cdp.send('Profiler.stop');
    const marks = await page.evaluate(() => {
      const out: Record<string, number> = {};
      for (const e of performance.getEntries()) {
        if (e.entryType === 'mark' || e.entryType === 'measure') out[e.name] = Math.round(e.startTime);
        if (e.entryType === 'resource') out[e.name.replace(/^.*\//, 'res:')] = Math.round((e as PerformanceResourceTiming).responseEnd);
        if (e.entryType === 'paint') out[e.name] = Math.round(e.startTime);
      }
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      out.domContentLoaded = Math.round(nav.domContentLoadedEventEnd);
      return out;
    });
    writeFileSync(`/tmp/prof/run${run}.cpuprofile`, JSON.stringify(profile));
    // self time per function and per url
    const self = new Map<string, number>();
    const byUrl = new Map<string, number>();
    const nodes = new Map(profile.nodes.map((n: any) => [n.id, n]));
    const deltas = profile.timeDeltas as number[];
    profile.samples.forEach((sid: number, i: number) => {
      const n: any = nodes.get(sid);
      const dt = (deltas[i + 1] ?? 0) / 1000;
      const cf = n.callFrame;
      const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/^.*\//, '')}:${cf.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + dt);
      const u = cf.url ? cf.url.replace(/^.*\//, '') : cf.functionName;
      byUrl.set(u, (byUrl.get(u) ?? 0) + dt);
    });
    console.log(`run ${run}`, JSON.stringify(marks));
    console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, v]) => `${v.toFixed(0)} ${k}`).join('\n'));
    console.log('--- top functions');
    console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)} ${k}`).join('\n'));
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
  console.log('dir', dir);
}
