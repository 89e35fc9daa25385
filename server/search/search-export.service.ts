import { Readable } from 'node:stream';
import { eventLoopTurn } from '../db/event-loop-turn';
import type { Database, Db } from '../db/database';
import { csvLine } from '../../src/shared/csv';
import {
  findComponentBatch,
  preferIndexWalks,
  findFilesByIds,
  lastComponentId,
  type ComponentKeyset,
  type FileWithWorks,
} from './search.repository';
import { parseComponentSearch, type ComponentSearch, type RawSearchParams } from './search-params';
import { FileTimeMaps } from './musical-positions';
import { findHarmonyAfter } from './harmony-search.repository';
import { exportColumns, exportTime, type ExportHit, type ExportWork } from './search-csv-lines';
import { workTasks } from '../work/work-pool';
import type { WorkTasks } from '../work/work-tasks';

/** Rows fetched per query: large enough to be quick, small enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * The keyset phases in the search's order: PostgreSQL sorts rows without a sort key value last
 * going up and first going down.
 */
function phases(search: ComponentSearch): ComponentKeyset['phase'][] {
  return search.direction === 'asc' ? ['values', 'nulls'] : ['nulls', 'values'];
}

/** A file's names for its lines; a file not found (deleted meanwhile) has none. */
function exportWork(row: FileWithWorks | undefined): ExportWork {
  return {
    title: row?.abstractWork.title ?? null,
    composer: row?.abstractWork.composer ?? null,
    artist: row?.concreteWork.artist ?? null,
  };
}

/** Where an export reads from, and how its batches are bounded. */
interface ExportSource {
  db: Db;
  /** The last component id to export; null when a snapshot already fixes what is seen. */
  maxId: number | null;
  /** Its transaction already prefers walks along the sort index (the PostgreSQL snapshot). */
  walking: boolean;
  release(): Promise<void>;
}

/**
 * On PostgreSQL one REPEATABLE READ READ ONLY transaction for the whole export: every batch sees
 * the same data, so no row is skipped or repeated whatever changes meanwhile. On PGlite (one
 * connection for every request) batches are separate queries, bounded by the largest component
 * id at the start so that components stored meanwhile are left out (docs/beyond.md says what
 * else can differ there).
 */
async function openExportSource(database: Database): Promise<ExportSource> {
  const snapshot = await database.readSnapshot();
  if (snapshot) {
    await preferIndexWalks(snapshot.db).catch(async (error: unknown) => {
      await snapshot.release();
      throw error;
    });
    return { db: snapshot.db, maxId: null, walking: true, release: snapshot.release };
  }
  return {
    db: database.db,
    maxId: await lastComponentId(database.db),
    walking: false,
    release: async () => {},
  };
}

/** The matches in the search's order, a batch per query: keyset, not OFFSET, batches. */
async function* batches(
  source: ExportSource,
  search: ComponentSearch,
  batchSize: number,
): AsyncGenerator<ExportHit[]> {
  for (const phase of phases(search)) {
    const keyset: ComponentKeyset = { phase, after: null };
    for (;;) {
      const hits =
        search.kind === 'HARMONY'
          ? await findHarmonyAfter(source.db, search, keyset, source.maxId, batchSize)
          : await findComponentBatch(
              source.db,
              search,
              keyset,
              source.maxId,
              batchSize,
              source.walking,
            );
      if (hits.length > 0) yield hits;
      // Between batches, other requests (and the news of this client leaving) get their turn.
      await eventLoopTurn();
      const last = hits.at(-1);
      if (!last || hits.length < batchSize) break;
      keyset.after =
        last.sortKey === null ? { key: null, id: last.id } : { key: last.sortKey, id: last.id };
    }
  }
}

export interface ExportOptions {
  /** Rows per query (tests make an export last with a small one). */
  batchSize?: number;
  /** Where the lines are built: the work pool unless given. */
  tasks?: WorkTasks;
}

/**
 * Every match of a component search as CSV, in the search's order, fetched batch by batch while
 * the response streams (the same conditions and sort as components/query, all pages). The
 * parameters are checked before the first byte, so a bad one is still a 400. The database is
 * first touched when the stream is first read, and let go when it ends, fails or is destroyed
 * (Fastify destroys it when the client disconnects).
 */
export function exportComponents(
  database: Database,
  raw: RawSearchParams,
  origin: string,
  options: ExportOptions = {},
): { search: ComponentSearch; stream: Readable } {
  const { batchSize = EXPORT_BATCH_SIZE } = options;
  const tasks = options.tasks ?? workTasks();
  const search = parseComponentSearch({ ...raw, page: undefined });
  async function* lines(): AsyncGenerator<string | Buffer> {
    const source = await openExportSource(database);
    try {
      yield csvLine(exportColumns(search.kind));
      const works = new Map<number, FileWithWorks>();
      const timeMaps = new FileTimeMaps();
      for await (const hits of batches(source, search, batchSize)) {
        const missing = [...new Set(hits.map((hit) => hit.fileId))].filter((id) => !works.has(id));
        for (const row of await findFilesByIds(source.db, missing)) works.set(row.file.id, row);
        const musical = await timeMaps.positions(
          source.db,
          hits.map((hit) => ({ fileId: hit.fileId, time: exportTime(hit) })),
        );
        const batchWorks = [...new Set(hits.map((hit) => hit.fileId))].map(
          (id): [number, ExportWork] => [id, exportWork(works.get(id))],
        );
        // The lines are built on the pool; their bytes come back moved, and go out as they are.
        const lines = await tasks.searchCsv({
          kind: search.kind,
          origin,
          hits,
          works: batchWorks,
          musical,
        });
        yield Buffer.from(lines.buffer, lines.byteOffset, lines.byteLength);
      }
    } finally {
      await source.release();
    }
  }
  // One batch ahead at most: a slow download holds the snapshot, not the whole result in memory.
  return { search, stream: Readable.from(lines(), { highWaterMark: 1 }) };
}
