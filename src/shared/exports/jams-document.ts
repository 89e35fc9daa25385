/**
 * A file's timelines as one JAMS document (the layout of JAMS 0.3: file_metadata, annotations,
 * sandbox), written a chunk of text at a time so that a 43,200-beat timeline is never one string.
 * Each timeline gives one annotation per namespace it maps onto (docs/exports.md):
 * hierarchy -> multi_segment, marker -> tag_open, range -> tag_open per row, beat ->
 * beat_position, harmony -> chord_roman (chords) and key_mode (keys), PDF -> tag_open ('page 3').
 */
import type { HarmonyComponent, ModeComponent } from '../tla/tla-model';
import { keyFinder } from '../harmony/harmony-label';
import { ITEMS_PER_CHUNK } from './audacity-labels';
import { kindWord } from './export-formats';
import type { ExportFileFacts, ExportSource, ExportTimeline } from './export-source';
import { beatPositions, chordRomanValue, keyModeValue } from './jams-values';
import { impliedEnds, timelineItems } from './timeline-items';

/** The version of the JAMS layout written (file_metadata.jams_version). */
export const JAMS_VERSION = '0.3.4';
export const ANNOTATION_TOOL = 'TiLiA Web';

export interface JamsObservation {
  time: number;
  duration: number;
  value: unknown;
  confidence: null;
}

/** One annotation before it is written: its observations come lazily, in chunks. */
export interface JamsAnnotationPlan {
  namespace: string;
  /** Who made it and in which timeline. */
  annotator: { name: string; timeline: string };
  sandbox: Record<string, unknown>;
  observations: () => Iterable<JamsObservation>;
}

const observation = (time: number, end: number, value: unknown): JamsObservation => ({
  time: Math.max(0, time),
  duration: Math.max(0, end - time),
  value,
  confidence: null,
});

export function fileMetadata(file: ExportFileFacts) {
  return {
    title: file.title,
    artist: file.artist,
    release: '',
    duration: Math.max(0, file.duration),
    identifiers: { tilia_web: `${file.siteUrl}/viewer/${file.fileId}` },
    jams_version: JAMS_VERSION,
  };
}

/** Harmony timelines: chords read in the key in force, keys; what JAMS cannot say is counted. */
function harmonyPlans(entry: ExportTimeline, file: ExportFileFacts, base: PlanBase) {
  const components = entry.timeline.components as (HarmonyComponent | ModeComponent)[];
  const chords = components.filter((c): c is HarmonyComponent => c.kind === 'HARMONY');
  const keys = components.filter((c): c is ModeComponent => c.kind === 'MODE');
  const keyAt = keyFinder(components);
  const chordEnds = impliedEnds(
    chords.map((c) => c.time),
    file.duration,
  );
  const keyEnds = impliedEnds(
    keys.map((c) => c.time),
    file.duration,
  );
  const chordValues = chords.map((c) => chordRomanValue(c, keyAt(c.time)));
  const keyValues = keys.map((c) => keyModeValue(c));
  const leftOut = (values: unknown[]) => values.filter((value) => value === null).length;
  return [
    {
      ...base,
      namespace: 'chord_roman',
      sandbox: { ...base.sandbox, left_out: leftOut(chordValues) },
      observations: () =>
        chords.flatMap((c, n) => {
          const value = chordValues[n];
          return value ? [observation(c.time, chordEnds[n]!, value)] : [];
        }),
    },
    {
      ...base,
      namespace: 'key_mode',
      sandbox: { ...base.sandbox, left_out: leftOut(keyValues) },
      observations: () =>
        keys.flatMap((c, n) => {
          const value = keyValues[n];
          return value ? [observation(c.time, keyEnds[n]!, value)] : [];
        }),
    },
  ];
}

type PlanBase = Omit<JamsAnnotationPlan, 'namespace' | 'observations'>;

/** The annotations one timeline gives. */
export function timelinePlans(entry: ExportTimeline, file: ExportFileFacts): JamsAnnotationPlan[] {
  const { timeline } = entry;
  const base: PlanBase = {
    annotator: { name: file.author, timeline: timeline.name },
    sandbox: {
      tilia_timeline: { id: entry.id, name: timeline.name, kind: kindWord(timeline.kind) },
    },
  };
  switch (timeline.kind) {
    case 'HIERARCHY_TIMELINE': {
      // JAMS counts levels from 0 at the top; TiLiA from 1 at the bottom.
      const top = timeline.components.reduce((high, c) => Math.max(high, c.level), 1);
      return [
        {
          ...base,
          namespace: 'multi_segment',
          observations: () =>
            timeline.components.map((c) =>
              observation(c.start, c.end, { label: c.label, level: Math.max(0, top - c.level) }),
            ),
        },
      ];
    }
    case 'RANGE_TIMELINE': {
      const rows = timeline.rows.map((row) => ({ id: row.id, name: row.name }));
      const known = new Set(rows.map((row) => row.id));
      if (timeline.components.some((c) => !known.has(c.rowId))) rows.push({ id: '', name: '' });
      return rows.map((row) => ({
        ...base,
        namespace: 'tag_open',
        sandbox: { ...base.sandbox, row: row.name },
        observations: () =>
          timeline.components
            .filter((c) => (row.id === '' ? !known.has(c.rowId) : c.rowId === row.id))
            .map((c) => observation(c.start, c.end, c.label)),
      }));
    }
    case 'BEAT_TIMELINE':
      return [
        {
          ...base,
          namespace: 'beat_position',
          observations: () => {
            const positions = beatPositions(timeline);
            return timeline.components.map((c, n) => observation(c.time, c.time, positions[n]));
          },
        },
      ];
    case 'HARMONY_TIMELINE':
      return harmonyPlans(entry, file, base);
    case 'MARKER_TIMELINE':
    case 'PDF_TIMELINE':
      return [
        {
          ...base,
          namespace: 'tag_open',
          observations: () =>
            timelineItems(timeline, file.duration).map((item) =>
              observation(item.start, item.end, item.label),
            ),
        },
      ];
    default: {
      const unreachable: never = timeline;
      throw new Error(`not exportable: ${String(unreachable)}`);
    }
  }
}

function annotationMetadata(plan: JamsAnnotationPlan) {
  return {
    curator: { name: ANNOTATION_TOOL, email: '' },
    annotator: plan.annotator,
    annotation_tools: ANNOTATION_TOOL,
    annotation_rules: '',
    validation: '',
    data_source: 'TiLiA',
    corpus: '',
    version: '',
  };
}

/** One annotation's JSON, its observations a chunk at a time. */
function* annotationText(plan: JamsAnnotationPlan, duration: number): Generator<string> {
  const head = {
    namespace: plan.namespace,
    annotation_metadata: annotationMetadata(plan),
    sandbox: plan.sandbox,
    time: 0,
    duration: Math.max(0, duration),
  };
  yield JSON.stringify(head).slice(0, -1) + ',"data":[';
  let batch: string[] = [];
  let first = true;
  for (const item of plan.observations()) {
    batch.push(JSON.stringify(item));
    if (batch.length === ITEMS_PER_CHUNK) {
      yield (first ? '\n' : ',\n') + batch.join(',\n');
      first = false;
      batch = [];
    }
  }
  if (batch.length > 0) yield (first ? '\n' : ',\n') + batch.join(',\n');
  yield ']}';
}

/** A JAMS document of annotation plans, as text chunks. */
export function* jamsText(
  metadata: ReturnType<typeof fileMetadata>,
  plans: Iterable<JamsAnnotationPlan>,
  duration: number,
  sandbox: Record<string, unknown>,
): Generator<string> {
  yield `{"file_metadata":${JSON.stringify(metadata)},"annotations":[`;
  let first = true;
  for (const plan of plans) {
    if (!first) yield ',\n';
    first = false;
    yield* annotationText(plan, duration);
  }
  yield `],"sandbox":${JSON.stringify(sandbox)}}\n`;
}

/** The whole file (or the one timeline in `source.timelines`) as a JAMS document. */
export function jamsDocument(source: ExportSource): Generator<string> {
  const { file } = source;
  const plans = source.timelines.flatMap((entry) => timelinePlans(entry, file));
  return jamsText(fileMetadata(file), plans, file.duration, {
    tilia_web: { file_id: file.fileId, composer: file.composer, author: file.author },
  });
}
