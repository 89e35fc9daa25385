import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { countComponents, countFiles } from '../server/search/search.repository';
import { parseComponentSearch, parseFileSearch } from '../server/search/search-params';
import { searchComponents, searchContext, searchFiles } from '../server/search/search.service';
import { COMPONENTS_PER_FILE, loadSearchCorpus } from './search-data';

/**
 * files/query and components/query against a million stored components (DESIGN.md section 7:
 * p95 <= 50 ms), on PGlite and on a PostgreSQL server. Each typical query (one text condition,
 * sorted) is asked for pages 1 to 100; the count query is also timed alone, without the page.
 *
 *   npx tsx bench/search-bench.ts [--smoke] [--components N] [--postgres URL | --no-postgres]
 */

export interface SearchBenchOptions {
  components: number;
  /** Admin URL of a PostgreSQL server; the bench creates and drops a database of its own. */
  postgresUrl: string | null;
  /** Timed runs of each (query, page); the first run of each is a warm-up and not counted. */
  runs: number;
  pages: number[];
  log?: (line: string) => void;
}

interface BenchQuery {
  name: string;
  route: 'files' | 'components';
  query: unknown;
  orderBy: string;
  direction: 'asc' | 'desc';
}

const typicalQueries: BenchQuery[] = [
  {
    name: "hierarchy label 'development' by title",
    route: 'components',
    query: { 'tl.kind': 'HIERARCHY', cmp: { label: 'development' } },
    orderBy: 'title',
    direction: 'asc',
  },
  {
    name: "hierarchy label 'development' by start desc",
    route: 'components',
    query: { 'tl.kind': 'HIERARCHY', cmp: { label: 'development' } },
    orderBy: 'start',
    direction: 'desc',
  },
  {
    name: "hierarchy formal_function 'cadential' by label",
    route: 'components',
    query: { 'tl.kind': 'HIERARCHY', cmp: { formal_function: 'cadential' } },
    orderBy: 'label',
    direction: 'asc',
  },
  {
    name: "hierarchy comments 'sequence' by composer desc",
    route: 'components',
    query: { 'tl.kind': 'HIERARCHY', cmp: { comments: 'sequence' } },
    orderBy: 'composer',
    direction: 'desc',
  },
  {
    name: "hierarchy file title 'Op. 27' by label",
    route: 'components',
    query: { 'tl.kind': 'HIERARCHY', file: { title: 'Op. 27:' } },
    orderBy: 'label',
    direction: 'asc',
  },
  {
    name: "hierarchy file composer 'mozart' by start",
    route: 'components',
    query: { 'tl.kind': 'HIERARCHY', file: { composer: 'mozart' } },
    orderBy: 'start',
    direction: 'asc',
  },
  {
    name: "marker label 'PAC' by time",
    route: 'components',
    query: { 'tl.kind': 'MARKER', cmp: { label: 'PAC' } },
    orderBy: 'time',
    direction: 'asc',
  },
  {
    name: "marker label 'pac' by title desc",
    route: 'components',
    query: { 'tl.kind': 'MARKER', cmp: { label: 'pac' } },
    orderBy: 'title',
    direction: 'desc',
  },
  {
    name: "marker file performer 'uchida' by label",
    route: 'components',
    query: { 'tl.kind': 'MARKER', file: { performer: 'uchida' } },
    orderBy: 'label',
    direction: 'asc',
  },
  {
    name: "beat time '10-20' by title",
    route: 'components',
    query: { 'tl.kind': 'BEAT', cmp: { time: '10-20' } },
    orderBy: 'title',
    direction: 'asc',
  },
  {
    name: 'beat, no condition, by time desc',
    route: 'components',
    query: { 'tl.kind': 'BEAT' },
    orderBy: 'time',
    direction: 'desc',
  },
  {
    name: "files title 'sonata' by title",
    route: 'files',
    query: { title: 'sonata' },
    orderBy: 'title',
    direction: 'asc',
  },
  {
    name: "files composer 'beethoven' by performer desc",
    route: 'files',
    query: { composer: 'beethoven' },
    orderBy: 'performer',
    direction: 'desc',
  },
  {
    name: 'files, no condition, by file_author',
    route: 'files',
    query: {},
    orderBy: 'file_author',
    direction: 'asc',
  },
];

export interface QueryResult {
  name: string;
  count: number;
  /** Whole route answers (page + count + the page's timelines, files and works), ms. */
  p50: number;
  p95: number;
  max: number;
  /** The count query alone, ms. */
  countP50: number;
  countP95: number;
  /** Page 1 of a new search (no cached count), ms. */
  firstP50: number;
  firstP95: number;
}

export interface DatabaseResult {
  database: 'pglite' | 'postgres';
  components: number;
  loadSeconds: number;
  overall: { p50: number; p95: number; countP95: number; firstP95: number };
  queries: QueryResult[];
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const round = (ms: number) => Math.round(ms * 100) / 100;

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

async function measure(database: Database, query: BenchQuery, options: SearchBenchOptions) {
  const { db } = database;
  const context = searchContext(db);
  const raw = (page: number) => ({
    query: JSON.stringify(query.query),
    order_by: JSON.stringify(query.orderBy),
    order_direction: JSON.stringify(query.direction),
    page: String(page),
  });
  const answer = (page: number) =>
    query.route === 'files'
      ? searchFiles(context, raw(page))
      : searchComponents(context, raw(page));
  const count = () =>
    query.route === 'files'
      ? countFiles(db, parseFileSearch(raw(1)))
      : countComponents(db, parseComponentSearch(raw(1)));
  const answers: number[] = [];
  const counts: number[] = [];
  let total = 0;
  for (const page of options.pages) {
    for (let run = 0; run <= options.runs; run += 1) {
      const [ms, response] = await timed(() => answer(page));
      if (run > 0) answers.push(ms);
      total = response.count;
    }
  }
  for (let run = 0; run <= options.runs; run += 1) {
    const [ms] = await timed(count);
    if (run > 0) counts.push(ms);
  }
  // A new search: page 1 with nothing cached, so the count is computed too.
  const firsts: number[] = [];
  for (let run = 0; run <= options.runs; run += 1) {
    const fresh = searchContext(db);
    const [ms] = await timed(() =>
      query.route === 'files' ? searchFiles(fresh, raw(1)) : searchComponents(fresh, raw(1)),
    );
    if (run > 0) firsts.push(ms);
  }
  return { answers, counts, firsts, total };
}

async function benchDatabase(
  kind: 'pglite' | 'postgres',
  database: Database,
  options: SearchBenchOptions,
): Promise<DatabaseResult> {
  const log = options.log ?? console.log;
  await migrate(database);
  const fileCount = Math.ceil(options.components / COMPONENTS_PER_FILE);
  const [loadMs] = await timed(() =>
    loadSearchCorpus(database, fileCount, (loaded) => {
      if (loaded % 1000 === 0) log(`  ${kind}: ${loaded * COMPONENTS_PER_FILE} components loaded`);
    }),
  );
  log(
    `  ${kind}: ${fileCount * COMPONENTS_PER_FILE} components in ${(loadMs / 1000).toFixed(1)} s`,
  );
  const queries: QueryResult[] = [];
  const allAnswers: number[] = [];
  const allCounts: number[] = [];
  const allFirsts: number[] = [];
  for (const query of typicalQueries) {
    const { answers, counts, firsts, total } = await measure(database, query, options);
    allAnswers.push(...answers);
    allCounts.push(...counts);
    allFirsts.push(...firsts);
    const result: QueryResult = {
      name: query.name,
      count: total,
      p50: round(percentile(answers, 50)),
      p95: round(percentile(answers, 95)),
      max: round(Math.max(...answers)),
      countP50: round(percentile(counts, 50)),
      countP95: round(percentile(counts, 95)),
      firstP50: round(percentile(firsts, 50)),
      firstP95: round(percentile(firsts, 95)),
    };
    queries.push(result);
    log(
      `  ${kind.padEnd(8)} ${query.name.padEnd(48)} n=${String(total).padStart(7)}  ` +
        `p50 ${result.p50.toFixed(1).padStart(6)}  p95 ${result.p95.toFixed(1).padStart(6)}  ` +
        `count p95 ${result.countP95.toFixed(1).padStart(6)}  ` +
        `new search p95 ${result.firstP95.toFixed(1).padStart(6)} ms`,
    );
  }
  return {
    database: kind,
    components: fileCount * COMPONENTS_PER_FILE,
    loadSeconds: round(loadMs / 1000),
    overall: {
      p50: round(percentile(allAnswers, 50)),
      p95: round(percentile(allAnswers, 95)),
      countP95: round(percentile(allCounts, 95)),
      firstP95: round(percentile(allFirsts, 95)),
    },
    queries,
  };
}

async function onPglite(options: SearchBenchOptions): Promise<DatabaseResult> {
  // On disk, as the server runs it (DATA_DIR), not in memory.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tilia-search-bench-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await benchDatabase('pglite', database, options);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(adminUrl: string, options: SearchBenchOptions): Promise<DatabaseResult> {
  const name = `tilia_search_bench_${process.pid}`;
  const admin = await openDatabase({ kind: 'postgres', url: adminUrl, poolSize: 1 });
  await admin.withConnection((run) => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  await admin.withConnection((run) => run(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    return await benchDatabase('postgres', database, options);
  } finally {
    await database.close();
    await admin.withConnection((run) => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    await admin.close();
  }
}

export async function runSearchBench(options: SearchBenchOptions): Promise<DatabaseResult[]> {
  const results = [await onPglite(options)];
  if (options.postgresUrl) results.push(await onPostgres(options.postgresUrl, options));
  return results;
}

const resultsPath = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'results',
  'search.json',
);

function cliOptions(argv: string[]): SearchBenchOptions {
  const smoke = argv.includes('--smoke');
  const value = (flag: string) => {
    const index = argv.indexOf(flag);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const postgresUrl = argv.includes('--no-postgres')
    ? null
    : (value('--postgres') ??
      process.env.BENCH_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres');
  return {
    components: Number(value('--components') ?? (smoke ? 25_000 : 1_000_000)),
    postgresUrl,
    runs: smoke ? 2 : 5,
    pages: smoke ? [1, 10, 100] : [1, 2, 10, 50, 100],
  };
}

async function main() {
  const options = cliOptions(process.argv.slice(2));
  console.log(`search bench: ${options.components} components, pages ${options.pages.join(', ')}`);
  const results = await runSearchBench(options);
  for (const result of results) {
    console.log(
      `${result.database}: all typical queries p50 ${result.overall.p50} ms, ` +
        `p95 ${result.overall.p95} ms; count alone p95 ${result.overall.countP95} ms; ` +
        `page 1 of a new search p95 ${result.overall.firstP95} ms`,
    );
  }
  mkdirSync(path.dirname(resultsPath), { recursive: true });
  writeFileSync(
    resultsPath,
    `${JSON.stringify({ date: new Date().toISOString(), options, results }, null, 2)}\n`,
  );
  console.log(`written to ${path.relative(process.cwd(), resultsPath)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
