import { openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { parseTql } from '../src/shared/tql/tql-parser';
import { evaluateTql } from '../server/tql/tql-evaluate';
import { narrowingOf } from '../server/tql/tql-narrowing';
import { neededKinds, needsTimeMap, timelineWords } from '../server/tql/tql-needs';
import { runTqlQuery } from '../server/tql/tql.service';
import {
  loadCorpus,
  narrowFiles,
  queryableFiles,
  withQueryTimeout,
} from '../server/tql/tql.repository';
import { inProcessTasks } from '../server/work/work-tasks';
import { loadSearchCorpus } from './search-data';
import { indexSearchCorpus } from './tql-data';
import { TQL_BENCH_QUERIES } from './tql-bench';

/**
 * Where a TQL query's time goes, per phase, over a kept copy of the bench corpus:
 *
 *   npx tsx bench/tql-probe.ts --url postgres://.../db [--load] [--only text]
 *
 * `--load` fills an empty database with the bench corpus first (4,000 files). Then, per query,
 * one warm-up and one timed run of the service, and the phases timed one by one: choosing the
 * files, narrowing every candidate (batches of 2,000), and loading (the timelines the service
 * loads) and matching the narrowed files in chunks of 200 until the rows pass the limit; for the
 * shapes answered with rows from SQL (tql-rows.ts) only the total is the service's path.
 */
const argv = process.argv.slice(2);
const option = (name: string) => {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
};
const url = option('--url') ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const only = option('--only');
const database: Database = url.startsWith('pglite:')
  ? await openDatabase({ kind: 'pglite', dataDir: url.slice('pglite:'.length) })
  : await openDatabase({ kind: 'postgres', url });

if (argv.includes('--load')) {
  await migrate(database);
  await loadSearchCorpus(database, 4000, (n) => n % 1000 === 0 && console.log(`${n} files`));
  await indexSearchCorpus(database);
  console.log('loaded');
}

const ms = (from: number) => Math.round(performance.now() - from);
for (const text of TQL_BENCH_QUERIES) {
  if (only && !text.includes(only)) continue;
  await runTqlQuery(database, inProcessTasks, { query: text }, null);
  let begin = performance.now();
  const answer = await runTqlQuery(database, inProcessTasks, { query: text }, null);
  const total = ms(begin);
  const rows = answer.status === 200 ? answer.body.rows.length : -1;
  const query = parseTql(text);
  const narrowing = narrowingOf(query, text);
  await withQueryTimeout(database, 60_000, async (db) => {
    begin = performance.now();
    const ids = await queryableFiles(db, null, null, narrowing);
    const choose = ms(begin);
    begin = performance.now();
    const narrowed: number[] = [];
    for (let i = 0; i < ids.length; i += 2000) {
      narrowed.push(...(await narrowFiles(db, ids.slice(i, i + 2000), narrowing)));
    }
    const narrow = ms(begin);
    let load = 0;
    let match = 0;
    let found = 0;
    let files = 0;
    for (let i = 0; i < narrowed.length && found <= 500; i += 200) {
      begin = performance.now();
      const chunk = await loadCorpus(
        db,
        narrowed.slice(i, i + 200),
        neededKinds(query),
        needsTimeMap(text),
        timelineWords(query),
      );
      load += performance.now() - begin;
      begin = performance.now();
      found += evaluateTql(query, chunk, { limit: 501 - found, deadline: Date.now() + 60_000 }).rows
        .length;
      match += performance.now() - begin;
      files += chunk.length;
    }
    console.log(
      `${text} | ${rows} rows | total ${total} | choose ${choose} (${ids.length}) | narrow ${narrow} (${narrowed.length}) | load ${Math.round(load)} (${files} files) | match ${Math.round(match)}`,
    );
  });
}
await database.close();
