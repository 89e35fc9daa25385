import { Readable } from 'node:stream';
import { eventLoopTurn } from '../db/event-loop-turn';
import type { Database, Db } from '../db/database';
import { csvLine, inertText } from '../../src/shared/csv';
import type { SearchKind } from '../../src/shared/search-fields';
import {
  findComponentBatch,
  preferIndexWalks,
  findFilesByIds,
  lastComponentId,
  type ComponentHit,
  type ComponentKeyset,
  type FileWithWorks,
} from './search.repository';
import { parseComponentSearch, type ComponentSearch, type RawSearchParams } from './search-params';
import { FileTimeMaps, hitTime, type MusicalFields } from './musical-positions';
import { findHarmonyAfter, type HarmonyHit } from './harmony-search.repository';
import { harmonyJson } from './search.service';
import type { HarmonySearchComponentJson } from '../../src/shared/api-contract/search';

/** Rows fetched per query: large enough to be quick, small enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * The keyset phases in the search's order: PostgreSQL sorts rows without a sort key value last
 * going up and first going down.
 */
function phases(search: ComponentSearch): ComponentKeyset['phase'][] {
  return search.direction === 'asc' ? ['values', 'nulls'] : ['nulls', 'values'];
}

const KIND_COLUMNS: Record<SearchKind, string[]> = {
  HIERARCHY: ['start', 'end', 'label', 'formal_type', 'formal_function', 'comments'],
  MARKER: ['time', 'label', 'comments'],
  BEAT: ['time'],
  RANGE: ['start', 'end', 'row_name', 'label', 'comments'],
  HARMONY: ['time', 'key', 'numeral', 'quality', 'inversion', 'applied_to', 'comments'],
};

export function exportColumns(kind: SearchKind): string[] {
  return [
    'file_id',
    'title',
    'composer',
    'performer',
    'timeline_id',
    'component_id',
    ...KIND_COLUMNS[kind],
    'measure',
    'pass',
    'beat',
    'viewer_url',
  ];
}

function kindValues(kind: SearchKind, hit: ComponentHit): (string | number | null)[] {
  switch (kind) {
    case 'HIERARCHY':
      return [
        hit.start,
        hit.end,
        inertText(hit.label),
        inertText(hit.formalType),
        inertText(hit.formalFunction),
        inertText(hit.comments),
      ];
    case 'MARKER':
      return [hit.time, inertText(hit.label), inertText(hit.comments)];
    case 'BEAT':
      return [hit.time];
    case 'RANGE':
      return [
        hit.start,
        hit.end,
        inertText(hit.rowName),
        inertText(hit.label),
        inertText(hit.comments),
      ];
    case 'HARMONY':
      throw new Error('harmony rows are written by harmonyLine');
  }
}

/** The kind's values of a chord found by a HARMONY search, as components/query gives them. */
function harmonyValuesOf(hit: HarmonyHit): (string | number | null)[] {
  const json = harmonyJson(hit, {
    measure: null,
    pass: null,
    beat: null,
  }) as HarmonySearchComponentJson;
  return [
    json.time,
    inertText(json.key),
    inertText(json.numeral),
    inertText(json.quality),
    json.inversion,
    json.applied_to,
    inertText(json.comments),
  ];
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

/** A found row: a component of the kind, or a chord of a HARMONY search. */
type ExportHit = ComponentHit | HarmonyHit;

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

/** The CSV line of a match, with its work's names, its bar and beat, and its share link. */
function hitLine(
  search: ComponentSearch,
  hit: ExportHit,
  work: FileWithWorks | undefined,
  musical: MusicalFields,
  origin: string,
): string {
  const at = exportTime(hit) ?? 0;
  return csvLine([
    hit.fileId,
    inertText(work?.abstractWork.title ?? ''),
    inertText(work?.abstractWork.composer ?? ''),
    inertText(work?.concreteWork.artist ?? ''),
    hit.timelineId,
    hit.id,
    ...('facts' in hit ? harmonyValuesOf(hit) : kindValues(search.kind, hit)),
    musical.measure,
    musical.pass,
    musical.beat,
    `${origin}/viewer/${hit.fileId}?t=${Math.round(at * 100) / 100}&c=${hit.id}`,
  ]);
}

const exportTime = (hit: ExportHit): number | null => ('facts' in hit ? hit.time : hitTime(hit));

export interface ExportOptions {
  /** Rows per query (tests make an export last with a small one). */
  batchSize?: number;
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
  const search = parseComponentSearch({ ...raw, page: undefined });
  async function* lines(): AsyncGenerator<string> {
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
        yield hits
          .map((hit, i) => hitLine(search, hit, works.get(hit.fileId), musical[i]!, origin))
          .join('');
      }
    } finally {
      await source.release();
    }
  }
  // One batch ahead at most: a slow download holds the snapshot, not the whole result in memory.
  return { search, stream: Readable.from(lines(), { highWaterMark: 1 }) };
}
