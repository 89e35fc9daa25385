import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runAbuseBench, type AbuseRow } from './abuse-bench';
import { runSearchBench, type DatabaseResult } from './search-bench';
import { runTqlBench, tqlIndexShare, type TqlDatabaseResult } from './tql-bench';
import { runServerBench, type ServerBenchResult } from './server-bench';
import { runViewerBench, viewerBenchRows, type ViewerBenchResult } from './viewer-bench';
import { wrkAvailable } from './wrk-load';

/**
 * `npm run bench`: every budget of DESIGN.md section 7 on this machine, as one table (measure,
 * value, budget, within or not), also written to bench/results/latest.json.
 *
 *   npm run bench [-- --smoke] [--no-postgres | --postgres URL] [--only layout,search,tql,server,abuse,viewer,viewer-4x,viewer-score,viewer-score-4x]
 *     [--components N] [--server-components N] [--minutes N] [--port N] [--client-dir DIR]
 *     [--abuse-only PATTERN] [--abuse-database pglite|postgres]
 *
 * --smoke runs every benchmark on small sizes (a few minutes) and writes bench/results/smoke.json;
 * --only writes bench/results/<steps>.json (e.g. abuse.json), a full run latest.json;
 * --abuse-only runs only the abuse rows whose names match PATTERN (a regular expression, any case)
 * and --abuse-database only one database, for iterating on one row;
 * CI runs it to check that the benchmarks work. Budgets never fail a run (machines are noisy):
 * the exit code says only whether every benchmark ran.
 */

interface Row {
  measure: string;
  value: string;
  budget: string;
  within: 'yes' | 'NO' | '';
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const smoke = argv.includes('--smoke');
const option = (name: string) => {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
};
const only = option('--only')?.split(',');
const wanted = (step: string) => !only || only.includes(step);
const rows: Row[] = [];
const failures: string[] = [];
const details: Record<string, unknown> = {};
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : String(n));
const verdict = (ok: boolean): Row['within'] => (ok ? 'yes' : 'NO');
const info = (measure: string, value: string): Row => ({ measure, value, budget: '', within: '' });
const log = (line: string) => console.log(line);

async function postgresUrl(): Promise<string | null> {
  if (argv.includes('--no-postgres')) return null;
  const url =
    option('--postgres') ??
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    log(`no PostgreSQL answers at ${url}: PGlite only`);
    return null;
  }
}

function layoutBench() {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'tilia-layout-bench-')), 'layout.json');
  const sizes = smoke ? '1000,10000' : '10000,100000,1000000';
  const run = spawnSync(
    'npx',
    ['vitest', 'bench', '--run', 'bench/layout.bench.ts', '--outputJson', out],
    { cwd: root, env: { ...process.env, BENCH_LAYOUT_SIZES: sizes }, stdio: 'inherit' },
  );
  if (run.status !== 0) throw new Error(`vitest bench exited with ${run.status}`);
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    files: { groups: { fullName: string; benchmarks: { name: string; median: number }[] }[] }[];
  };
  rmSync(path.dirname(out), { recursive: true, force: true });
  const medians = new Map<string, Map<number, number>>();
  for (const group of report.files.flatMap((file) => file.groups)) {
    const size = Number(/(\d+) components/.exec(group.fullName)?.[1]);
    for (const benchmark of group.benchmarks) {
      const bySize = medians.get(benchmark.name) ?? new Map<number, number>();
      bySize.set(size, benchmark.median);
      medians.set(benchmark.name, bySize);
    }
  }
  details.layout = Object.fromEntries(
    [...medians].map(([name, bySize]) => [name, Object.fromEntries(bySize)]),
  );
  for (const [name, bySize] of medians) {
    const entries = [...bySize].sort((a, b) => a[0] - b[0]);
    const [smallest, largest] = [entries[0]!, entries.at(-1)!];
    const growth = largest[1] / smallest[1];
    const sizeGrowth = largest[0] / smallest[0];
    rows.push({
      measure: `layout: ${name} (median ms at ${entries.map(([size]) => size.toLocaleString('en')).join(' / ')})`,
      value: entries.map(([, ms]) => f1(ms)).join(' / '),
      // Linear or better: the time grows no faster than the size (a 1.5 margin for noise).
      budget: `growth <= ${sizeGrowth}x (linear)`,
      within: verdict(growth <= sizeGrowth * 1.5),
    });
  }
}

function searchRows(results: DatabaseResult[]) {
  details.search = results;
  for (const result of results) {
    const components = result.queries.filter((query) => !query.name.startsWith('files'));
    const files = result.queries.filter((query) => query.name.startsWith('files'));
    const worst = (list: typeof components) => Math.max(...list.map((query) => query.p95));
    const label = `${result.database}, ${result.components.toLocaleString('en')} components`;
    rows.push({
      measure: `components/query p95, typical queries, pages 1-100 (${label})`,
      value: f1(result.overall.p95),
      budget: '<= 50 ms',
      within: verdict(result.overall.p95 <= 50),
    });
    rows.push(
      info(
        `  worst single query p95 / files/query worst p95`,
        `${f1(worst(components))} / ${f1(worst(files))} ms`,
      ),
    );
    rows.push(
      info(`  page 1 of a new search (count not cached) p95`, `${f1(result.overall.firstP95)} ms`),
    );
  }
}

function tqlRows(
  results: TqlDatabaseResult[],
  share: { share: number; indexMs: number; uploadMs: number },
) {
  details.tql = { results, share };
  for (const result of results) {
    const budget = result.database === 'postgres' ? 300 : 600;
    rows.push({
      measure: `TQL query p95, worst of ${result.queries.length} examples-dev queries (${result.database}, ${result.files.toLocaleString('en')} files)`,
      value: f1(result.p95),
      budget: `<= ${budget} ms`,
      within: verdict(result.p95 <= budget),
    });
  }
  rows.push({
    measure: 'TQL index share of storing the reference upload',
    value: `${f1(share.share * 100)}% (${f1(share.indexMs)} of ${f1(share.uploadMs)} ms)`,
    budget: '<= 25%',
    within: verdict(share.share <= 0.25),
  });
}

function serverRows(result: ServerBenchResult) {
  const label = `${result.database}, ${result.components.toLocaleString('en')} components`;
  const sorted = [...result.uploadMs].sort((a, b) => a - b);
  const upload = sorted[Math.floor(sorted.length / 2)]!;
  const uploadBudget = result.database === 'postgres' ? 1000 : 1500;
  rows.push({
    measure: `upload of the reference file, median (${label})`,
    value: `${upload} ms`,
    budget: `<= ${uploadBudget} ms`,
    within: verdict(upload <= uploadBudget),
  });
  rows.push({
    measure: `files/{id}/json of the reference file (${label}; load from ${result.json.client})`,
    value: `${f1(result.json.requestsPerSecond)} req/s (p50 ${result.json.p50} / p99 ${result.json.p99} ms, ${result.json.errors} errors, ${(result.json.bytes / 1048576).toFixed(1)} MB)`,
    budget: '>= 200 req/s, 0 errors',
    within: verdict(result.json.requestsPerSecond >= 200 && result.json.errors === 0),
  });
  rows.push({
    measure: `components/query over HTTP, p50 / p95 (${label})`,
    value: `${f1(result.componentsQuery.p50)} / ${f1(result.componentsQuery.p95)} ms`,
    budget: 'p95 <= 50 ms',
    within: verdict(result.componentsQuery.p95 <= 50 && result.componentsQuery.errors === 0),
  });
  rows.push(
    info(
      `  files/{id}/json with Accept-Encoding: gzip`,
      `${f1(result.json.gzip.requestsPerSecond)} req/s (p50 ${result.json.gzip.p50} / p99 ${result.json.gzip.p99} ms, ${result.json.gzip.errors} errors, ${(result.json.gzipBytes / 1048576).toFixed(2)} MB)`,
    ),
  );
  rows.push(
    info(
      `  files/query over HTTP, p50 / p95`,
      `${f1(result.filesQuery.p50)} / ${f1(result.filesQuery.p95)} ms`,
    ),
  );
  rows.push(info(`  server RSS after the run`, `${result.serverRssMb} MB`));
}

function abuseRows(results: AbuseRow[]) {
  for (const row of results) {
    rows.push({
      measure: `abuse (${row.database}): ${row.abuse}`,
      value: `/health p99 ${f1(row.healthP99)} max ${f1(row.healthMax)} ms; files/{id}/json ${f1(row.jsonRequestsPerSecond)} req/s (${Math.round(row.jsonShare * 100)}%)`,
      budget: '/health p99 <= 100, max <= 300 ms; json >= 70%',
      within: verdict(row.healthP99 <= 100 && row.healthMax <= 300 && row.jsonShare >= 0.7),
    });
  }
}

function viewerRows(result: ViewerBenchResult, name: string) {
  details[name] = result;
  rows.push(info(name, `CPU x${result.cpuThrottle}, ${result.file.scoreNotes} score notes`));
  for (const [measure, value, budget, verdict] of viewerBenchRows(result)) {
    if (!budget && !verdict) rows.push(info(`  ${measure.trim()}`, value));
    else
      rows.push({
        measure: `  ${measure}`,
        value,
        budget,
        within: verdict === 'ok' ? 'yes' : verdict === '' ? '' : 'NO',
      });
  }
}

async function step(name: string, work: () => Promise<void> | void) {
  if (!wanted(name)) return;
  const started = performance.now();
  log(`\n== ${name} ==`);
  try {
    await work();
  } catch (error) {
    failures.push(name);
    console.error(`${name} failed:`, error);
    rows.push({ measure: `${name} bench`, value: 'FAILED (see log)', budget: '', within: 'NO' });
  }
  log(`== ${name}: ${((performance.now() - started) / 1000).toFixed(0)} s ==`);
}

function machine() {
  const cpu = cpus();
  return {
    cores: cpu.length,
    cpu: cpu[0]?.model ?? 'unknown',
    memoryGb: Math.round((totalmem() / 1073741824) * 10) / 10,
    freeMemoryGb: Math.round((freemem() / 1073741824) * 10) / 10,
    node: process.version,
  };
}

async function main() {
  const started = new Date();
  const loadBefore = loadavg();
  const postgres = await postgresUrl();
  const minutes = Number(option('--minutes') ?? (smoke ? 5 : 180));
  const components = Number(option('--components') ?? (smoke ? 25_000 : 1_000_000));
  const basePort = Number(option('--port') ?? 8390);
  // The HTTP bench loads its own corpus; a smaller one keeps a full run shorter on slow machines.
  const serverComponents = Number(option('--server-components') ?? components);

  await step('layout', layoutBench);
  await step('search', async () => {
    const results = await runSearchBench({
      components,
      postgresUrl: postgres,
      runs: smoke ? 1 : 5,
      pages: smoke ? [1, 10] : [1, 2, 10, 50, 100],
      log,
    });
    searchRows(results);
  });
  await step('tql', async () => {
    const share = await tqlIndexShare(smoke ? 1 : 5);
    const results = await runTqlBench({
      components,
      postgresUrl: postgres,
      runs: smoke ? 1 : 5,
      log,
    });
    tqlRows(results, share);
  });
  await step('server', async () => {
    const results: ServerBenchResult[] = [];
    for (const database of postgres ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
      const result = await runServerBench({
        database,
        postgresUrl: postgres,
        components: serverComponents,
        minutes,
        uploads: smoke ? 1 : 5,
        jsonSeconds: smoke ? 2 : 10,
        queryRuns: smoke ? 1 : 3,
        port: basePort,
        log,
      });
      results.push(result);
      serverRows(result);
    }
    details.server = results;
  });
  await step('abuse', async () => {
    if (!wrkAvailable()) {
      rows.push(info('abuse', 'not run: it needs wrk (apt-get install wrk)'));
      return;
    }
    const results: AbuseRow[] = [];
    const pattern = option('--abuse-only');
    const databases = postgres ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
    const chosen = option('--abuse-database');
    for (const database of databases.filter((d) => !chosen || d === chosen)) {
      const found = await runAbuseBench({
        database,
        postgresUrl: postgres,
        port: basePort + 2,
        // Just under and far over the server's MAX_COMPONENTS (500,000 by default).
        bigComponents: smoke ? 3_000 : 480_000,
        overComponents: smoke ? 12_000 : 1_300_000,
        ...(smoke ? { maxComponents: 6_000 } : {}),
        seconds: smoke ? 2 : 10,
        ...(pattern ? { only: new RegExp(pattern, 'i') } : {}),
        log,
      });
      results.push(...found);
      abuseRows(found);
    }
    details.abuse = results;
  });
  // DESIGN.md section 7: at normal speed and with the CPU slowed 4x, and the same with a Score
  // timeline of 100,000 notes added to the reference file.
  const viewerRuns = [
    { name: 'viewer', cpuThrottle: 1, scoreNotes: 0 },
    { name: 'viewer-4x', cpuThrottle: 4, scoreNotes: 0 },
    { name: 'viewer-score', cpuThrottle: 1, scoreNotes: smoke ? 2_000 : 100_000 },
    { name: 'viewer-score-4x', cpuThrottle: 4, scoreNotes: smoke ? 2_000 : 100_000 },
  ];
  for (const run of viewerRuns) {
    await step(run.name, async () => {
      const result = await runViewerBench({
        minutes,
        cpuThrottle: run.cpuThrottle,
        scoreNotes: run.scoreNotes,
        playSeconds: smoke ? 2 : 10,
        zoomSteps: smoke ? 2 : 10,
        loads: smoke ? 1 : 5,
        port: basePort + 1,
        clientDir: option('--client-dir'),
      });
      viewerRows(result, run.name);
    });
  }

  console.log(`\nTiLiA Web benchmarks${smoke ? ' (smoke: small sizes, times mean nothing)' : ''}`);
  console.table(rows);
  const result = {
    date: started.toISOString(),
    smoke,
    machine: machine(),
    loadAverage: { before: loadBefore, after: loadavg() },
    options: { minutes, components, serverComponents, postgres: postgres !== null },
    rows,
    failures,
    details,
  };
  // A run of some steps only (--only) keeps its own file, so latest.json stays a full run.
  const name = smoke ? 'smoke' : only ? only.join('+') : 'latest';
  const out = path.join(root, 'bench', 'results', `${name}.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written to ${path.relative(process.cwd(), out)}`);
  if (failures.length > 0) {
    console.error(`benchmarks that did not run: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
