import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { ingestTla } from '../server/files/ingest/ingest.service';
import { buildTqlIndex } from '../server/tql/tql-index';
import { writeTqlIndex } from '../server/tql/tql-index.repository';
import { storedFileSource } from '../server/tql/tql-backfill';
import { runTqlQuery } from '../server/tql/tql.service';
import { inProcessTasks } from '../server/work/work-tasks';
import { readTla } from '../src/shared/tla/tla-reader';
import { percentile } from './percentile';
import { referenceTla } from './reference-file';
import { COMPONENTS_PER_FILE, loadSearchCorpus } from './search-data';
import { indexSearchCorpus } from './tql-data';

/**
 * TQL over the million-component search corpus with its query index, on PGlite and PostgreSQL:
 * the examples-dev constructs rewritten to the corpus's labels (sections, cadences, chords), each
 * run over the whole corpus (default row limit); and what building the index adds to storing the
 * reference upload (budget: 25%).
 *
 *   npx tsx bench/tql-bench.ts [--components N] [--no-postgres | --postgres URL]
 */

export const TQL_BENCH_QUERIES: readonly string[] = [
  'HC THEN PAC IN cadences',
  'PAC IN cadences DURING exposition IN form',
  '* IN cadences ENDS coda IN form',
  '* IN form WHERE level = 2',
  'V7 THEN I IN harmony',
  'exposition THEN development IN form',
  'PAC[downbeat] IN cadences',
  'HC IN cadences BEFORE PAC IN cadences WITHIN 8 bars',
  'STARTS WITH exposition IN form',
  'development+ THEN recapitulation IN form',
  '[color = "#e07a5f"] THEN coda',
  'coda[start >= 50%] IN form',
  'PAC IN cadences WHERE file.composer ~ /Mozart/',
];

export interface TqlBenchOptions {
  components: number;
  postgresUrl: string | null;
  runs: number;
  log?: (line: string) => void;
}

export interface TqlQueryTiming {
  query: string;
  rows: number;
  p50: number;
  p95: number;
}

export interface TqlDatabaseResult {
  database: 'pglite' | 'postgres';
  files: number;
  queries: TqlQueryTiming[];
  /** The worst query's p95, in ms. */
  p95: number;
}

export interface TqlIndexShare {
  /** Building and writing the whole reference upload, ms (median). */
  uploadMs: number;
  /** Building and writing its query index, ms (median). */
  indexMs: number;
  share: number;
}

const median = (values: number[]) => percentile(values, 50);

/** What the index adds to storing the reference upload (3 hours of analysis), on PGlite. */
export async function tqlIndexShare(runs: number): Promise<TqlIndexShare> {
  const bytes = referenceTla(180);
  const document = readTla(bytes, 'reference.tla');
  // In a data directory, as the server keeps it (an in-memory PGlite grows its files by copying).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tilia-tql-share-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrate(database);
    await database.db.execute(sql`INSERT INTO users (id, username) VALUES (1, 'bench')`);
    const uploads: number[] = [];
    const indexes: number[] = [];
    for (let run = 0; run <= runs; run++) {
      const started = performance.now();
      const stored = await ingestTla(database, {
        bytes: new Uint8Array(bytes),
        fileName: 'reference.tla',
        authorId: 1,
        isPublic: true,
      });
      const uploadMs = performance.now() - started;
      // The index alone, built from the read document with the stored ids and written again.
      const source = await storedFileSource(database.db, stored.id);
      if (!source) throw new Error('the stored file is gone');
      const indexStarted = performance.now();
      const rows = buildTqlIndex(
        document,
        {
          file: stored.id,
          timelines: source.timelines,
          componentsOf: (index) => source.components[index] ?? [],
        },
        source.title,
      );
      await database.transaction((tx) => writeTqlIndex(tx, rows));
      const indexMs = performance.now() - indexStarted;
      if (run > 0) {
        uploads.push(uploadMs);
        indexes.push(indexMs);
      }
    }
    const uploadMs = median(uploads);
    const indexMs = median(indexes);
    // The upload includes the index: its share is of the upload without it.
    return { uploadMs, indexMs, share: indexMs / Math.max(1, uploadMs - indexMs) };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchDatabase(
  database: Database,
  kind: 'pglite' | 'postgres',
  options: TqlBenchOptions,
): Promise<TqlDatabaseResult> {
  const log = options.log ?? (() => undefined);
  const files = Math.ceil(options.components / COMPONENTS_PER_FILE);
  await migrate(database);
  const started = performance.now();
  await loadSearchCorpus(database, files, (loaded) => {
    if (loaded % 1000 === 0) log(`  ${kind}: ${loaded} of ${files} files loaded`);
  });
  await indexSearchCorpus(database);
  log(
    `  ${kind}: corpus and index loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const queries: TqlQueryTiming[] = [];
  for (const query of TQL_BENCH_QUERIES) {
    const times: number[] = [];
    let rows = 0;
    for (let run = 0; run <= options.runs; run++) {
      const begin = performance.now();
      const answer = await runTqlQuery(database, inProcessTasks, { query }, null);
      const elapsed = performance.now() - begin;
      if (answer.status !== 200) throw new Error(`${query}: ${JSON.stringify(answer.body)}`);
      rows = answer.body.rows.length;
      if (run > 0) times.push(elapsed);
    }
    const timing = { query, rows, p50: percentile(times, 50), p95: percentile(times, 95) };
    queries.push(timing);
    log(
      `  ${kind}: ${query}: ${rows} rows, p50 ${timing.p50.toFixed(0)} ms, p95 ${timing.p95.toFixed(0)} ms`,
    );
  }
  return { database: kind, files, queries, p95: Math.max(...queries.map((q) => q.p95)) };
}

export async function runTqlBench(options: TqlBenchOptions): Promise<TqlDatabaseResult[]> {
  const results: TqlDatabaseResult[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'tilia-tql-bench-'));
  try {
    mkdirSync(dir, { recursive: true });
    const pglite = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    try {
      results.push(await benchDatabase(pglite, 'pglite', options));
    } finally {
      await pglite.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (options.postgresUrl) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: options.postgresUrl });
    await admin.connect();
    const name = `tilia_tql_bench_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(options.postgresUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      results.push(await benchDatabase(database, 'postgres', options));
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    }
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const option = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const components = Number(option('--components') ?? 1_000_000);
  const postgresUrl = argv.includes('--no-postgres')
    ? null
    : (option('--postgres') ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const log = (line: string) => console.log(line);
  const share = await tqlIndexShare(3);
  log(
    `index share of the reference upload: ${(share.share * 100).toFixed(1)}% (${share.indexMs.toFixed(0)} of ${share.uploadMs.toFixed(0)} ms)`,
  );
  await runTqlBench({ components, postgresUrl, runs: 5, log });
}
