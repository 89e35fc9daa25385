/**
 * A timeline's components as labelled moments and spans, the common ground of the label formats
 * (Audacity, Sonic Visualiser, Web Annotation). Points stay points (start = end); chords, keys
 * and page turns hold until the next of their kind, as the viewer shows them.
 */
import type { HarmonyComponent, ModeComponent, PdfMarkerComponent } from '../tla/tla-model';
import { harmonyLabel, keyFinder, keyLabel } from '../harmony/harmony-label';
import { TimeMap } from '../time-map/time-map';
import type { ExportableTimeline } from './export-formats';

export type ItemKind =
  'HIERARCHY' | 'MARKER' | 'RANGE' | 'BEAT' | 'HARMONY' | 'MODE' | 'PDF_MARKER';

export interface ExportItem {
  /** Position of the component in its timeline (TlaTimeline.components). */
  index: number;
  kind: ItemKind;
  start: number;
  /** Equal to start for a point. */
  end: number;
  point: boolean;
  label: string;
  comments: string;
  /**
   * Where the item sits across the timeline: a hierarchy's level, 1 for chords and 2 for keys
   * (the desktop's harmony levels), a range's row (1 = first row); 1 otherwise.
   */
  level: number;
}

/**
 * Where each of `times` ends: at the next later time of the list, the last at the recording's
 * end (or at its own time when it lies past the end).
 */
export function impliedEnds(times: readonly number[], duration: number): number[] {
  const order = times.map((_, index) => index).sort((a, b) => times[a]! - times[b]!);
  const ends = new Array<number>(times.length);
  for (let n = 0; n < order.length; n++) {
    const index = order[n]!;
    const time = times[index]!;
    let next: number | undefined;
    for (let m = n + 1; m < order.length && next === undefined; m++) {
      const later = times[order[m]!]!;
      if (later > time) next = later;
    }
    ends[index] = next ?? Math.max(duration, time);
  }
  return ends;
}

/** The bar and beat of every beat ('12.3': bar 12, beat 3), by the timeline's own bars. */
export function beatLabels(timeline: Extract<ExportableTimeline, { kind: 'BEAT_TIMELINE' }>) {
  const times = timeline.components.map((beat) => beat.time);
  // The desktop keeps one beat per time; a file with two at one time still labels each.
  const map = TimeMap.of({
    beatTimes: [...new Set(times)],
    mediaLength: null,
    beatPattern: timeline.beatPattern,
    beatsInMeasure: timeline.beatsInMeasure,
    measureNumbers: timeline.measureNumbers,
  });
  return times.map((time, index) => {
    const position = map?.position(time);
    return position ? `${position.bar.number}.${Math.floor(position.beat)}` : String(index + 1);
  });
}

function harmonyItems(
  components: readonly (HarmonyComponent | ModeComponent)[],
  duration: number,
): ExportItem[] {
  const keyAt = keyFinder([...components]);
  const endsOf = (kind: 'HARMONY' | 'MODE') => {
    const indices = components.flatMap((c, index) => (c.kind === kind ? [index] : []));
    const ends = impliedEnds(
      indices.map((index) => components[index]!.time),
      duration,
    );
    return new Map(indices.map((index, n) => [index, ends[n]!]));
  };
  const ends = new Map([...endsOf('HARMONY'), ...endsOf('MODE')]);
  return components.map((c, index) => ({
    index,
    kind: c.kind,
    start: c.time,
    end: ends.get(index) ?? c.time,
    point: false,
    label: c.kind === 'MODE' ? keyLabel(c) : harmonyLabel(c, keyAt(c.time)),
    comments: c.comments,
    level: c.kind === 'MODE' ? 2 : 1,
  }));
}

function pageItems(components: readonly PdfMarkerComponent[], duration: number): ExportItem[] {
  const ends = impliedEnds(
    components.map((c) => c.time),
    duration,
  );
  return components.map((c, index) => ({
    index,
    kind: 'PDF_MARKER',
    start: c.time,
    end: ends[index]!,
    point: false,
    label: `page ${c.pageNumber}`,
    comments: '',
    level: 1,
  }));
}

const point = (index: number, kind: ItemKind, time: number, label: string, comments = '') => ({
  index,
  kind,
  start: time,
  end: time,
  point: true,
  label,
  comments,
  level: 1,
});

/** Every component of an exportable timeline as an item, in the timeline's order. */
export function timelineItems(timeline: ExportableTimeline, duration: number): ExportItem[] {
  switch (timeline.kind) {
    case 'HIERARCHY_TIMELINE':
      return timeline.components.map((c, index) => ({
        index,
        kind: 'HIERARCHY',
        start: c.start,
        end: c.end,
        point: false,
        label: c.label,
        comments: c.comments,
        level: c.level,
      }));
    case 'RANGE_TIMELINE': {
      const rows = new Map(timeline.rows.map((row, n) => [row.id, n + 1]));
      return timeline.components.map((c, index) => ({
        index,
        kind: 'RANGE',
        start: c.start,
        end: c.end,
        point: false,
        label: c.label,
        comments: c.comments,
        level: rows.get(c.rowId) ?? timeline.rows.length + 1,
      }));
    }
    case 'MARKER_TIMELINE':
      return timeline.components.map((c, index) =>
        point(index, 'MARKER', c.time, c.label, c.comments),
      );
    case 'BEAT_TIMELINE': {
      const labels = beatLabels(timeline);
      return timeline.components.map((c, index) => point(index, 'BEAT', c.time, labels[index]!));
    }
    case 'HARMONY_TIMELINE':
      return harmonyItems(timeline.components, duration);
    case 'PDF_TIMELINE':
      return pageItems(timeline.components, duration);
    default: {
      const unreachable: never = timeline;
      throw new Error(`not exportable: ${String(unreachable)}`);
    }
  }
}
