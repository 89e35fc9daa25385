/**
 * The corpus as the evaluator sees it: the index rows of the files a query may read, grouped by
 * file, with the lanes, time map and family links worked out once per file.
 */
import { TimeMap } from '../../src/shared/time-map/time-map';
import type { ChordFacts, KeyFacts } from '../../src/shared/tql/tql-harmony';
import type { TimeMapSource, TqlTimelineKind, UnitKind } from './tql-index';

export interface CorpusUnit {
  /** The component's id; a bar's is 'bar:<count>'. */
  id: number | string;
  timeline: number;
  kind: UnitKind | 'bar';
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

/** A unit with only its place: a beat, or the stand-in a WHERE-only query is checked against. */
export function bareUnit(
  id: CorpusUnit['id'],
  timeline: number,
  kind: CorpusUnit['kind'],
  time = 0,
): CorpusUnit {
  return {
    id,
    timeline,
    kind,
    level: null,
    row: null,
    start: time,
    end: time,
    label: '',
    categories: [],
    color: null,
    comments: null,
    parent: null,
    depth: null,
    facts: null,
  };
}

export interface CorpusTimeline {
  id: number;
  name: string;
  kind: TqlTimelineKind;
  role: string | null;
  author: string | null;
  ordinal: number;
}

export interface CorpusFile {
  id: number;
  title: string;
  mediaLength: number | null;
  extent: number;
  grammar: 'whole' | 'de Clercq';
  fields: Record<string, string>;
  timeMap: TimeMapSource | null;
  timelines: CorpusTimeline[];
  units: CorpusUnit[];
}

/** One lane of one file: units in time order, with the stretch each covers in the lane. */
export interface Lane {
  key: string;
  timeline: CorpusTimeline | null;
  /** 'span' lanes have holes (hierarchy levels, range rows, chords, keys, bars). */
  span: boolean;
  entries: { unit: CorpusUnit; start: number; end: number }[];
  /** A timeline's hierarchy level, for lanes of a level. */
  level: number | null;
  kind: CorpusUnit['kind'];
}

/** A file prepared for evaluation: its lanes, time map, units by id and children. */
export class FileView {
  readonly timeMap: TimeMap | null;
  readonly timelines = new Map<number, CorpusTimeline>();
  readonly units = new Map<number | string, CorpusUnit>();
  readonly children = new Map<number, CorpusUnit[]>();
  readonly lanes: Lane[] = [];
  readonly barLane: Lane | null;

  constructor(readonly file: CorpusFile) {
    for (const timeline of file.timelines) this.timelines.set(timeline.id, timeline);
    for (const unit of file.units) {
      this.units.set(unit.id, unit);
      if (unit.parent !== null) {
        const list = this.children.get(unit.parent) ?? [];
        list.push(unit);
        this.children.set(unit.parent, list);
      }
    }
    for (const list of this.children.values()) list.sort(byTime);
    this.timeMap = file.timeMap
      ? TimeMap.of({ ...file.timeMap, mediaLength: file.mediaLength })
      : null;
    this.buildLanes();
    this.barLane = this.buildBarLane();
  }

  private buildLanes(): void {
    const byTimeline = new Map<number, CorpusUnit[]>();
    for (const unit of this.file.units) {
      const list = byTimeline.get(unit.timeline) ?? [];
      list.push(unit);
      byTimeline.set(unit.timeline, list);
    }
    const timelines = [...this.file.timelines].sort((a, b) => a.ordinal - b.ordinal);
    for (const timeline of timelines) {
      const units = (byTimeline.get(timeline.id) ?? []).sort(byTime);
      const whole = (key: string, kind: CorpusUnit['kind'], list: CorpusUnit[], span: boolean) =>
        this.lanes.push({
          key,
          timeline,
          span,
          level: null,
          kind,
          entries: list.map((unit) => ({ unit, start: unit.start, end: unit.end })),
        });
      switch (timeline.kind) {
        case 'hierarchy': {
          const levels = [...new Set(units.map((unit) => unit.level ?? 1))].sort((a, b) => a - b);
          for (const level of levels) {
            this.lanes.push({
              key: `${timeline.id}:${level}`,
              timeline,
              span: true,
              level,
              kind: 'hierarchy',
              entries: tileLevel(units, level),
            });
          }
          break;
        }
        case 'range': {
          const rows = new Map<string, CorpusUnit[]>();
          for (const unit of units) {
            const list = rows.get(unit.row ?? '') ?? [];
            list.push(unit);
            rows.set(unit.row ?? '', list);
          }
          for (const [row, list] of rows) whole(`${timeline.id}:${row}`, 'range', list, true);
          break;
        }
        case 'marker':
          whole(`${timeline.id}`, 'marker', units, false);
          break;
        case 'beat':
          whole(`${timeline.id}`, 'beat', units, false);
          break;
        case 'harmony':
          whole(
            `${timeline.id}:chords`,
            'chord',
            units.filter((unit) => unit.kind === 'chord'),
            true,
          );
          whole(
            `${timeline.id}:keys`,
            'key',
            units.filter((unit) => unit.kind === 'key'),
            true,
          );
          break;
      }
    }
  }

  private buildBarLane(): Lane | null {
    if (!this.timeMap) return null;
    const timelineId = this.file.timeMap!.timelineId;
    const units = this.timeMap.bars.map((bar): CorpusUnit => ({
      id: `bar:${bar.index + 1}`,
      timeline: timelineId,
      kind: 'bar',
      level: null,
      row: null,
      start: bar.start,
      end: bar.end,
      label: String(bar.number),
      categories: [String(bar.number)],
      color: null,
      comments: null,
      parent: null,
      depth: null,
      facts: null,
    }));
    for (const unit of units) this.units.set(unit.id, unit);
    return {
      key: 'bars',
      timeline: this.timelines.get(timelineId) ?? null,
      span: true,
      level: null,
      kind: 'bar',
      entries: units.map((unit) => ({ unit, start: unit.start, end: unit.end })),
    };
  }

  /** Units of a timeline's own lanes holding a unit: its lanes (level, row or the timeline). */
  laneOf(unit: CorpusUnit): Lane | null {
    for (const lane of this.lanes) {
      if (lane.timeline?.id !== unit.timeline) continue;
      if (lane.kind !== unit.kind) continue;
      if (lane.level !== null && lane.level !== unit.level) continue;
      if (lane.kind === 'range' && lane.key !== `${unit.timeline}:${unit.row ?? ''}`) continue;
      return lane;
    }
    return null;
  }

  descendants(unit: CorpusUnit): Set<number | string> {
    const found = new Set<number | string>();
    const stack = [...(this.children.get(unit.id as number) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (found.has(next.id)) continue;
      found.add(next.id);
      stack.push(...(this.children.get(next.id as number) ?? []));
    }
    return found;
  }
}

export function byTime(a: CorpusUnit, b: CorpusUnit): number {
  return a.start - b.start || a.end - b.end || String(a.id).localeCompare(String(b.id));
}

/**
 * The lane of one hierarchy level: time tiled by the lowest-level unit of level >= L covering
 * each stretch (ties: the shortest), neighbouring stretches of one unit merged (TQL.md section 4).
 */
function tileLevel(units: CorpusUnit[], level: number): Lane['entries'] {
  const eligible = units.filter((unit) => (unit.level ?? 1) >= level && unit.end > unit.start);
  const bounds = [...new Set(eligible.flatMap((unit) => [unit.start, unit.end]))].sort(
    (a, b) => a - b,
  );
  const sorted = [...eligible].sort((a, b) => a.start - b.start);
  const entries: Lane['entries'] = [];
  let active: CorpusUnit[] = [];
  let next = 0;
  for (let i = 0; i + 1 < bounds.length; i++) {
    const from = bounds[i]!;
    const to = bounds[i + 1]!;
    while (next < sorted.length && sorted[next]!.start <= from) active.push(sorted[next++]!);
    active = active.filter((unit) => unit.end > from);
    let best: CorpusUnit | null = null;
    for (const unit of active) {
      if (unit.start > from || unit.end < to) continue;
      if (
        !best ||
        (unit.level ?? 1) < (best.level ?? 1) ||
        ((unit.level ?? 1) === (best.level ?? 1) && unit.end - unit.start < best.end - best.start)
      ) {
        best = unit;
      }
    }
    if (!best) continue;
    const last = entries[entries.length - 1];
    if (last && last.unit === best && last.end === from) last.end = to;
    else entries.push({ unit: best, start: from, end: to });
  }
  return entries;
}
