import { csvLine, inertText } from '../../src/shared/csv';
import type { SearchKind } from '../../src/shared/search-fields';
import type { HarmonySearchComponentJson } from '../../src/shared/api-contract/search';
import { harmonyJson } from './harmony-json';
import type { HarmonyHit } from './harmony-search.repository';
import type { MusicalFields } from './musical-positions';
import type { ComponentHit } from './search.repository';

/**
 * The lines of a components search's CSV export, from rows already read: plain data in, text
 * out, so that a thread of the work pool builds them (server/work/work-tasks.ts) while the
 * server's thread only reads the rows and moves the bytes.
 */

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

/** A found row: a component of the kind, or a chord of a HARMONY search. */
export type ExportHit = ComponentHit | HarmonyHit;

/** The names an export line gives a file's work. */
export interface ExportWork {
  title: string | null;
  composer: string | null;
  artist: string | null;
}

/** A batch of found rows with what their lines need besides: their works and bar positions. */
export interface SearchCsvInput {
  kind: SearchKind;
  /** Where viewer links start (PUBLIC_URL). */
  origin: string;
  hits: ExportHit[];
  /** The works of the batch's files, by file id. */
  works: [fileId: number, work: ExportWork][];
  /** Each hit's bar, pass and beat, in the hits' order. */
  musical: MusicalFields[];
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
      throw new Error('harmony rows are written by harmonyValues');
    default: {
      const unknown: never = kind;
      throw new Error(`no export columns for ${String(unknown)}`);
    }
  }
}

/** A chord's values, as components/query gives them. */
function harmonyValues(hit: HarmonyHit): (string | number | null)[] {
  const json = harmonyJson(hit, NO_POSITION) as HarmonySearchComponentJson;
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

/** The line writes its own bar and beat columns. */
const NO_POSITION: MusicalFields = { measure: null, pass: null, beat: null };

/** Where a row starts: a chord's or a point's time, a span's start. */
export function exportTime(hit: ExportHit): number | null {
  return 'facts' in hit ? hit.time : (hit.time ?? hit.start);
}

/** The CSV line of a match, with its work's names, its bar and beat, and its share link. */
function hitLine(
  kind: SearchKind,
  hit: ExportHit,
  work: ExportWork | undefined,
  musical: MusicalFields,
  origin: string,
): string {
  const at = exportTime(hit) ?? 0;
  return csvLine([
    hit.fileId,
    inertText(work?.title ?? ''),
    inertText(work?.composer ?? ''),
    inertText(work?.artist ?? ''),
    hit.timelineId,
    hit.id,
    ...('facts' in hit ? harmonyValues(hit) : kindValues(kind, hit)),
    musical.measure,
    musical.pass,
    musical.beat,
    `${origin}/viewer/${hit.fileId}?t=${Math.round(at * 100) / 100}&c=${hit.id}`,
  ]);
}

/** A batch's lines as UTF-8 bytes, ready to be written to the response. */
export function searchCsvLines({ kind, origin, hits, works, musical }: SearchCsvInput): Uint8Array {
  const workOf = new Map(works);
  let text = '';
  for (let i = 0; i < hits.length; i++) {
    const hit = hits[i]!;
    text += hitLine(kind, hit, workOf.get(hit.fileId), musical[i]!, origin);
  }
  return new TextEncoder().encode(text);
}
