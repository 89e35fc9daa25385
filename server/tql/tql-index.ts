/**
 * The query index of one file (TQL.md section 2): its units with start and end, categories,
 * hierarchy parents and depths, chords and keys with derived labels and implied spans, its
 * timelines with roles and authors, its file fields and time map. Built from the read document
 * on the work pool, beside the file's other stored forms, and written in the same transaction.
 */
import { keyFinder } from '../../src/shared/harmony/harmony-label';
import type { TlaDocument, TlaTimeline } from '../../src/shared/tla/tla-model';
import { labelCategories } from '../../src/shared/tql/tql-fold';
import {
  chordFacts,
  chordLabel,
  keyName,
  type ChordFacts,
  type KeyFacts,
} from '../../src/shared/tql/tql-harmony';
import { fieldName } from '../../src/shared/tql/tql-parser';
import { storableJsonText, storableText } from '../../src/shared/storable-text';
import { CopyRows } from '../db/copy-text';
import { TimeMap } from '../../src/shared/time-map/time-map';
import { cssColor } from './tql-colors';
import { textArray } from '../db/sql-values';

/** Raised whenever what the index holds changes: files indexed by an older version are rebuilt. */
export const TQL_INDEX_VERSION = 2;

/** Containment slack of hierarchy nesting (TQL.md section 2). */
const NEST_SLACK = 1e-6;

export type UnitKind = 'hierarchy' | 'marker' | 'range' | 'chord' | 'key' | 'beat';
export type TqlTimelineKind = 'hierarchy' | 'marker' | 'range' | 'harmony' | 'beat';

export interface TimeMapSource {
  timelineId: number;
  beatTimes: number[];
  beatPattern: number[];
  beatsInMeasure: number[];
  measureNumbers: number[];
}

export interface IndexFileRow {
  fileId: number;
  title: string;
  mediaLength: number | null;
  /** The latest time any unit reaches (a last chord's end without a media length). */
  extent: number;
  fields: Record<string, string>;
  timeMap: TimeMapSource | null;
  /**
   * Where each bar of the time map starts (TimeMap's bars), for the narrowing of `[downbeat]`;
   * null when the file has no time map, or one from which no map can be made.
   */
  barStarts: number[] | null;
  grammar: 'whole' | 'de Clercq';
}

export interface TqlIndexRows {
  file: IndexFileRow;
  /** tql_timelines rows, TQL_TIMELINE_COLUMNS in order, in COPY's text format. */
  timelines: Uint8Array;
  units: Uint8Array;
  unitCount: number;
  /**
   * tql_labels rows (category, file_id, units): the file's categories and subtype heads, once
   * each, with the units holding each.
   */
  labels: Uint8Array;
  /** tql_colors rows (file_id, color, units): the units of each colour, as cssColor reads it. */
  colors: Uint8Array;
  warnings: string[];
}

export const TQL_TIMELINE_COLUMNS = [
  'id',
  'file_id',
  'name',
  'kind',
  'role',
  'author',
  'ordinal',
  'beats',
] as const;
export const TQL_UNIT_COLUMNS = [
  'id',
  'file_id',
  'timeline_id',
  'kind',
  'level',
  'row_name',
  'start',
  'end',
  'label',
  'categories',
  'color',
  'comments',
  'parent_id',
  'depth',
  'facts',
] as const;

const KIND_OF: Partial<Record<TlaTimeline['kind'], TqlTimelineKind>> = {
  HIERARCHY_TIMELINE: 'hierarchy',
  MARKER_TIMELINE: 'marker',
  RANGE_TIMELINE: 'range',
  HARMONY_TIMELINE: 'harmony',
  BEAT_TIMELINE: 'beat',
};

/** Role and author from a timeline's name (TQL.md section 2, our case-insensitive reading). */
export function roleOf(
  kind: TqlTimelineKind,
  name: string,
): { role: string | null; author: string | null } {
  const trimmed = name.trim();
  if (kind === 'harmony') return { role: 'harmony', author: null };
  if (kind === 'hierarchy') {
    const form = /^form(?:\s*\((.*)\))?$/i.exec(trimmed);
    if (form) return { role: 'form', author: form[1]?.trim() || null };
  }
  if (kind === 'marker' && /^cadences?$/i.test(trimmed)) return { role: 'cadences', author: null };
  return { role: null, author: null };
}

interface Unit {
  id: number;
  timelineId: number;
  kind: UnitKind;
  level: number | null;
  row: string | null;
  start: number;
  end: number;
  label: string;
  categories: string[];
  color: string | null;
  comments: string | null;
  parent: number | null;
  depth: number | null;
  facts: ChordFacts | KeyFacts | null;
}

/** Parents by times: the lowest-level, then shortest, higher unit holding each unit. */
function nest(units: Unit[]): void {
  const byLevel = new Map<number, Unit[]>();
  for (const unit of units) {
    const list = byLevel.get(unit.level ?? 1) ?? [];
    list.push(unit);
    byLevel.set(unit.level ?? 1, list);
  }
  const levels = [...byLevel.keys()].sort((a, b) => a - b);
  for (const list of byLevel.values()) list.sort((a, b) => a.start - b.start || a.end - b.end);
  for (const unit of units) {
    for (const level of levels) {
      if (level <= (unit.level ?? 1)) continue;
      const list = byLevel.get(level)!;
      // The last unit starting at or before this one, and a few before it (levels rarely overlap).
      let low = 0;
      let high = list.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (list[middle]!.start <= unit.start + NEST_SLACK) low = middle;
        else high = middle - 1;
      }
      let best: Unit | null = null;
      for (let i = low; i >= 0 && i > low - 16; i--) {
        const candidate = list[i]!;
        if (candidate.start - NEST_SLACK <= unit.start && unit.end <= candidate.end + NEST_SLACK) {
          if (!best || candidate.end - candidate.start < best.end - best.start) best = candidate;
        }
      }
      if (best) {
        unit.parent = best.id;
        break;
      }
    }
  }
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  const depthOf = (unit: Unit, guard = 0): number => {
    if (unit.depth !== null) return unit.depth;
    const parent = unit.parent === null ? undefined : byId.get(unit.parent);
    unit.depth = parent && guard < 1000 ? depthOf(parent, guard + 1) + 1 : 1;
    return unit.depth;
  };
  units.forEach((unit) => depthOf(unit));
}

/** Each chord or key ends where the next of its kind starts; the last at `lastEnd`. */
function implySpans(units: Unit[], lastEnd: number): void {
  const sorted = [...units].sort((a, b) => a.start - b.start);
  sorted.forEach((unit, i) => {
    const next = sorted[i + 1];
    unit.end = next ? next.start : Math.max(lastEnd, unit.start);
  });
}

export function buildTqlIndex(
  document: TlaDocument,
  ids: { file: number; timelines: number[]; componentsOf: (timelineIndex: number) => number[] },
  title: string,
): TqlIndexRows {
  const warnings: string[] = [];
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(document.mediaMetadata)) {
    if (value === null || typeof value === 'object') continue;
    fields[storableText(fieldName(key))] = storableText(String(value));
  }
  const grammarField = fields.label_grammar?.trim() ?? '';
  let grammar: IndexFileRow['grammar'] = 'whole';
  if (/^de clercq$/i.test(grammarField)) grammar = 'de Clercq';
  else if (grammarField !== '')
    warnings.push(`Unknown label grammar '${grammarField}': labels are read whole.`);

  const timelineRows = new CopyRows();
  const units: Unit[] = [];
  const harmonyUnits: Unit[][] = [];
  let timeMap: TimeMapSource | null = null;
  let extent = document.mediaLength ?? 0;
  document.timelines.forEach((timeline, index) => {
    const kind = KIND_OF[timeline.kind];
    if (!kind) return;
    const timelineId = ids.timelines[index]!;
    const componentIds = ids.componentsOf(index);
    const { role, author } = roleOf(kind, timeline.name);
    let beats: { ids: number[]; times: number[] } | null = null;
    // Built field by field: one object shape for every unit keeps a large file fast to index.
    const unit = (
      i: number,
      unitKind: UnitKind,
      start: number,
      end: number,
      label: string,
      extra: { level?: number; row?: string; color?: string | null; comments?: string } = {},
    ): Unit => {
      const text = storableText(label);
      return {
        id: componentIds[i]!,
        timelineId,
        kind: unitKind,
        level: extra.level ?? null,
        row: extra.row ?? null,
        start,
        end,
        label: text,
        categories:
          unitKind === 'chord' || unitKind === 'key' ? [] : labelCategories(text, grammar),
        color: extra.color ?? null,
        comments: extra.comments ?? null,
        parent: null,
        depth: null,
        facts: null,
      };
    };
    switch (timeline.kind) {
      case 'HIERARCHY_TIMELINE': {
        const own = timeline.components.map((c, i) =>
          unit(i, 'hierarchy', c.start, c.end, c.label, {
            level: c.level,
            color: c.color,
            comments: c.comments,
          }),
        );
        nest(own);
        for (const one of own) units.push(one);
        break;
      }
      case 'MARKER_TIMELINE':
        timeline.components.forEach((c, i) =>
          units.push(
            unit(i, 'marker', c.time, c.time, c.label, { color: c.color, comments: c.comments }),
          ),
        );
        break;
      case 'RANGE_TIMELINE': {
        const rowNames = new Map(timeline.rows.map((row) => [row.id, row.name]));
        timeline.components.forEach((c, i) =>
          units.push(
            unit(i, 'range', c.start, c.end, c.label, {
              row: storableText(rowNames.get(c.rowId) ?? ''),
              color: c.color,
              comments: c.comments,
            }),
          ),
        );
        break;
      }
      case 'BEAT_TIMELINE': {
        const times = timeline.components.map((c) => c.time);
        beats = { ids: timeline.components.map((_, i) => componentIds[i]!), times };
        for (const time of times) extent = Math.max(extent, time);
        if (!timeMap) {
          timeMap = {
            timelineId,
            beatTimes: times,
            beatPattern: timeline.beatPattern,
            beatsInMeasure: timeline.beatsInMeasure,
            measureNumbers: timeline.measureNumbers,
          };
        }
        break;
      }
      case 'HARMONY_TIMELINE': {
        const keyAt = keyFinder(timeline.components);
        const own = timeline.components.map((c, i) => {
          if (c.kind === 'MODE') {
            const facts: KeyFacts = {
              tonic: keyName({ ...c, type: 'major' }),
              mode: c.type,
              key: keyName(c),
            };
            const key = unit(i, 'key', c.time, c.time, facts.key, { comments: c.comments });
            key.facts = facts;
            return key;
          }
          const facts = chordFacts(c, keyAt(c.time + NEST_SLACK));
          const chord = unit(i, 'chord', c.time, c.time, chordLabel(facts), {
            comments: c.comments,
          });
          chord.facts = facts;
          return chord;
        });
        harmonyUnits.push(own);
        for (const one of own) units.push(one);
        break;
      }
      default:
        break;
    }
    timelineRows.add([
      timelineId,
      ids.file,
      storableText(timeline.name),
      kind,
      role,
      author && storableText(author),
      timeline.ordinal,
      beats,
    ]);
  });
  for (const unit of units) extent = Math.max(extent, unit.end, unit.start);
  const lastEnd = document.mediaLength ?? extent;
  for (const own of harmonyUnits) {
    implySpans(
      own.filter((unit) => unit.kind === 'chord'),
      lastEnd,
    );
    implySpans(
      own.filter((unit) => unit.kind === 'key'),
      lastEnd,
    );
  }
  // Each category and subtype head, and each colour, with the units holding it: the narrowing
  // finds a query's units through them (tql-narrowing.repository.ts).
  const categories = new Map<string, Set<number>>();
  const colors = new Map<string, number[]>();
  const holds = (category: string, id: number) => {
    const set = categories.get(category);
    if (set) set.add(id);
    else categories.set(category, new Set([id]));
  };
  for (const unit of units) {
    for (const category of unit.categories) {
      holds(category, unit.id);
      if (category.includes('.')) holds(category.slice(0, category.indexOf('.')), unit.id);
    }
    if (unit.color !== null && unit.color !== '') {
      // A colour cssColor cannot read is compared as text: kept under '' for every colour.
      const color = cssColor(storableText(unit.color)) ?? '';
      const list = colors.get(color);
      if (list) list.push(unit.id);
      else colors.set(color, [unit.id]);
    }
  }
  const labelRows = new CopyRows();
  for (const [category, set] of categories) {
    labelRows.add([category, ids.file, `{${[...set].join(',')}}`]);
  }
  const colorRows = new CopyRows();
  for (const [color, list] of colors) colorRows.add([ids.file, color, `{${list.join(',')}}`]);
  const unitRows = new CopyRows();
  for (const unit of units) {
    unitRows.add([
      unit.id,
      ids.file,
      unit.timelineId,
      unit.kind,
      unit.level,
      unit.row,
      unit.start,
      unit.end,
      unit.label,
      textArray(unit.categories),
      unit.color === null ? null : storableText(unit.color),
      unit.comments === null ? null : storableText(unit.comments),
      unit.parent,
      unit.depth,
      unit.facts === null ? null : storableJsonText(unit.facts),
    ]);
  }
  // As the evaluator builds the map (tql-corpus.ts), from the same source and media length.
  const source = timeMap as TimeMapSource | null;
  const map = source && TimeMap.of({ ...source, mediaLength: document.mediaLength });
  const barStarts = map ? map.bars.map((bar) => bar.start) : null;
  return {
    file: {
      fileId: ids.file,
      title,
      mediaLength: document.mediaLength,
      extent,
      fields,
      timeMap,
      barStarts,
      grammar,
    },
    timelines: timelineRows.bytes(),
    units: unitRows.bytes(),
    unitCount: unitRows.count,
    labels: labelRows.bytes(),
    colors: colorRows.bytes(),
    warnings,
  };
}
