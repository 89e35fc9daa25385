import { Readable } from 'node:stream';
import type { Db } from '../db/database';
import { csvLine } from '../../src/shared/csv';
import type { SearchKind } from '../../src/shared/search-fields';
import {
  findComponentsAfter,
  findFilesByIds,
  lastComponentId,
  type ComponentHit,
  type ComponentKeyset,
  type FileWithWorks,
} from './search.repository';
import { parseComponentSearch, type ComponentSearch, type RawSearchParams } from './search-params';

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
    'viewer_url',
  ];
}

/**
 * Text a spreadsheet would run as a formula ('=HYPERLINK(...)', '+1', '@SUM') gets a leading
 * apostrophe: the export holds other people's labels, and opening it must not run them.
 */
export function inertText(text: string | null): string {
  const value = text ?? '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
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
  }
}

/**
 * Every match of a component search as CSV, in the search's order, fetched batch by batch while
 * the response streams (the same conditions and sort as components/query, all pages). The
 * parameters are checked before the first byte, so a bad one is still a 400.
 */
export function exportComponents(
  db: Db,
  raw: RawSearchParams,
  origin: string,
  batchSize = EXPORT_BATCH_SIZE,
): { search: ComponentSearch; stream: Readable } {
  const search = parseComponentSearch({ ...raw, page: undefined });
  async function* batches(): AsyncGenerator<ComponentHit[]> {
    // Components stored after the export starts are left out, wherever they would sort.
    const maxId = await lastComponentId(db);
    for (const phase of phases(search)) {
      const keyset: ComponentKeyset = { phase, after: null };
      for (;;) {
        const hits = await findComponentsAfter(db, search, keyset, maxId, batchSize);
        if (hits.length > 0) yield hits;
        const last = hits.at(-1);
        if (!last || hits.length < batchSize) break;
        keyset.after =
          last.sortKey === null ? { key: null, id: last.id } : { key: last.sortKey, id: last.id };
      }
    }
  }
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(exportColumns(search.kind));
    const works = new Map<number, FileWithWorks>();
    for await (const hits of batches()) {
      const missing = [...new Set(hits.map((hit) => hit.fileId))].filter((id) => !works.has(id));
      for (const row of await findFilesByIds(db, missing)) works.set(row.file.id, row);
      let chunk = '';
      for (const hit of hits) {
        const work = works.get(hit.fileId);
        const at = hit.time ?? hit.start ?? 0;
        chunk += csvLine([
          hit.fileId,
          inertText(work?.abstractWork.title ?? ''),
          inertText(work?.abstractWork.composer ?? ''),
          inertText(work?.concreteWork.artist ?? ''),
          hit.timelineId,
          hit.id,
          ...kindValues(search.kind, hit),
          `${origin}/viewer/${hit.fileId}?t=${Math.round(at * 100) / 100}&c=${hit.id}`,
        ]);
      }
      if (chunk) yield chunk;
    }
  }
  return { search, stream: Readable.from(lines()) };
}
