import type {
  ComponentJson,
  ConcreteWorkJson,
  AbstractWorkJson,
  TimelineJson,
  ViewerFileJson,
} from '../api-types';
import type { MeasureStructure } from './beat-labels';
import type { AudiowaveBars } from './audiowave-bars';
import type { Peaks } from '../waveform/peaks';
import type { HarmonyLabelLookup, HarmonyRow } from './harmony-runs';
import type { HierarchyRows } from './hierarchy-rows';
import { KIND_LAYOUTS } from './kinds/registry';
import type { PreparedScore } from './score-notes';
import type { RangeLanes } from './range-lanes';
import { stackTimelines, timelineSizing, type RowSizing } from './timeline-heights';
import { viewerKind, type ViewerKind } from './timeline-kinds';

/** Point components (marker, beat, PDF) sorted by time. */
export interface SortedPoints {
  times: Float64Array;
  /** Component index of each sorted point. */
  indices: Int32Array;
}

/** A drawn timeline's place in the stack. */
export interface TimelineRow {
  /** Position in the drawn stack, top first. */
  index: number;
  name: string;
  kind: ViewerKind;
  /** Top and height in the stack of least heights; a view may draw it taller (`sizing`). */
  y: number;
  height: number;
  sizing: RowSizing;
}

export interface PreparedTimeline extends TimelineRow {
  components: ComponentJson[];
  points?: SortedPoints;
  colors?: Uint32Array;
  /** Markers: each component's label. */
  labels?: string[];
  measures?: MeasureStructure;
  hierarchy?: HierarchyRows;
  hierarchyLabels?: string[];
  harmonyRows?: [HarmonyRow, HarmonyRow];
  harmonyLabels?: HarmonyLabelLookup;
  wave?: AudiowaveBars;
  /** Audiowave timelines: the recording's own peaks, once the page has fetched them. */
  peaks?: Peaks;
  score?: PreparedScore;
  /** Score timelines: the median bar length, which decides when accidentals have room. */
  barSeconds?: number;
  /** Range timelines: their lanes and ranges. */
  range?: RangeLanes;
}

/** A timeline as the page knows it: the page fits `sizing` to its window. */
export interface TimelineHeader extends TimelineRow {
  componentCount: number;
  /** PDF timelines: where the PDF is served from. */
  pdfUrl?: string;
  /** Range timelines: their rows (lanes), top first. */
  rows?: { id: string; name: string }[];
}

/** Components the viewer does not draw (kinds of a newer desktop app), counted per timeline. */
export interface NotShown {
  timeline: string;
  kind: string;
  count: number;
}

/** A timeline the file marks hidden (`is_visible` false). */
export interface HiddenTimeline {
  name: string;
  kind: string;
}

/** How a file is prepared: its hidden timelines left out (the default, as the desktop does). */
export interface PrepareOptions {
  showHidden?: boolean;
  /**
   * Draws the recording's waveform in a row of its own at the top, for a file without an
   * Audiowave timeline (the page gives the session the recording's peaks).
   */
  waveform?: boolean;
}

/** The row that shows the recording's waveform in a file without an Audiowave timeline. */
export const WAVEFORM_ROW_NAME = 'Waveform';

function waveformRow(): TimelineJson {
  return {
    id: -1,
    name: WAVEFORM_ROW_NAME,
    kind: 'AUDIOWAVE_TIMELINE',
    display_position: -Infinity,
    is_visible: true,
    height: null,
    components: [],
  };
}

/** A file the .tla names that did not come with it: no player or no PDF can show it. */
export interface MissingFile {
  what: 'recording' | 'PDF';
  name: string;
}

/** The recording and the PDFs a file names but was stored (or opened) without. */
export function missingFiles(json: ViewerFileJson): MissingFile[] {
  const missing: MissingFile[] = [];
  const work = json.concrete_work;
  if (work.storage === 'abstract' && work.media_name) {
    missing.push({ what: 'recording', name: work.media_name });
  }
  const pdfs = new Set<string>();
  for (const timeline of json.timelines) {
    if (timeline.kind === 'PDF_TIMELINE' && !timeline.pdf_url && timeline.pdf_name) {
      pdfs.add(timeline.pdf_name);
    }
  }
  for (const name of pdfs) missing.push({ what: 'PDF', name });
  return missing;
}

/** What the page needs up front; component data stays with the layout. */
export interface ViewerHeader {
  id: number;
  concreteWork: ConcreteWorkJson;
  abstractWork: AbstractWorkJson;
  /** The time span drawn: the media's start to its end (or the last component when shorter). */
  start: number;
  end: number;
  timelines: TimelineHeader[];
  /** Timelines of kinds the viewer does not draw, in file order. */
  skipped: { name: string; kind: string }[];
  /** What the viewer left out of timelines it draws, for the console (an odd Score timeline). */
  problems: string[];
  /** The recording and PDFs the file names but came without. */
  missingFiles: MissingFile[];
  /** The name the file was uploaded (or opened) under; '' when unknown. */
  fileName: string;
  /** The file's media_metadata as written, custom fields included, in its order. */
  metadata: Record<string, unknown>;
  /** Timelines the file marks hidden, in file order; drawn only when `showsHidden`. */
  hidden: HiddenTimeline[];
  showsHidden: boolean;
  /** The recording's waveform is drawn in a row of its own, the first (PrepareOptions.waveform). */
  waveformRow?: true;
  /** Components left out of the drawing, by timeline and kind. */
  notShown: NotShown[];
  /** The stack's height at the least heights. */
  totalHeight: number;
}

export interface PreparedFile {
  header: ViewerHeader;
  timelines: PreparedTimeline[];
}

/**
 * Everything about a file that does not depend on the view, worked out once: stacking, measure
 * structure, hierarchy rows, harmony labels, sorted times. Throws TimelineHeightError for a
 * hierarchy timeline without height or level_height.
 */
export function prepareFile(json: ViewerFileJson, options: PrepareOptions = {}): PreparedFile {
  const showsHidden = options.showHidden === true;
  const ordered = json.timelines
    .map((timeline, order) => ({ timeline, order }))
    .sort((a, b) => a.timeline.display_position - b.timeline.display_position || a.order - b.order)
    .map(({ timeline }) => timeline);
  const ownWave = ordered.some((timeline) => viewerKind(timeline.kind) === 'AUDIOWAVE');
  const showsWaveform = options.waveform === true && !ownWave;
  if (showsWaveform) ordered.unshift(waveformRow());
  const skipped: ViewerHeader['skipped'] = [];
  const hidden: HiddenTimeline[] = [];
  const drawn: { timeline: TimelineJson; kind: ViewerKind }[] = [];
  for (const timeline of ordered) {
    const kind = viewerKind(timeline.kind);
    if (kind === null) skipped.push({ name: timeline.name, kind: timeline.kind });
    else {
      // A timeline the desktop hides (is_visible false) is hidden here too, until asked for.
      if (timeline.is_visible === false) hidden.push({ name: timeline.name, kind });
      if (timeline.is_visible !== false || showsHidden) drawn.push({ timeline, kind });
    }
  }
  const notShown: NotShown[] = ordered.flatMap((timeline) =>
    Object.entries(timeline.not_shown ?? {})
      .filter(([, count]) => count > 0)
      .map(([kind, count]) => ({ timeline: timeline.name, kind, count })),
  );
  const timelines: PreparedTimeline[] = drawn.map(({ timeline, kind }, index) => {
    const prepared: PreparedTimeline = {
      index,
      name: timeline.name,
      kind,
      y: 0,
      height: 0,
      sizing: { min: 0, preferred: 0, max: 0 },
      components: timeline.components,
    };
    KIND_LAYOUTS[kind].prepare(timeline, prepared);
    prepared.sizing = timelineSizing(kind, timeline, {
      levels: prepared.hierarchy?.levelCount,
      staves: prepared.score?.staves.length,
      rows: prepared.range?.rowNames.length,
    });
    prepared.height = prepared.sizing.min;
    return prepared;
  });
  const stack = stackTimelines(timelines.map((t) => t.height));
  timelines.forEach((t, i) => (t.y = stack.rows[i]?.y ?? 0));

  const work = json.concrete_work;
  const start = Number.isFinite(work.start) ? work.start : 0;
  const contentEnd = Math.max(0, ...timelines.map((t) => KIND_LAYOUTS[t.kind].lastTime(t)));
  const end = work.end > start ? work.end : Math.max(contentEnd, start + 1);
  return {
    header: {
      id: json.id,
      concreteWork: work,
      abstractWork: json.abstract_work,
      start,
      end,
      skipped,
      problems: timelines.flatMap((t) =>
        (t.score?.problems ?? []).map((problem) => `Score timeline '${t.name}': ${problem}`),
      ),
      missingFiles: missingFiles(json),
      fileName: json.file_name ?? '',
      metadata: json.metadata ?? {},
      hidden,
      showsHidden,
      ...(showsWaveform ? { waveformRow: true } : {}),
      notShown,
      totalHeight: stack.total,
      timelines: timelines.map((t) => ({
        index: t.index,
        name: t.name,
        kind: t.kind,
        y: t.y,
        height: t.height,
        sizing: t.sizing,
        componentCount: t.components.length,
        ...(t.kind === 'PDF' ? { pdfUrl: drawnPdfUrl(drawn[t.index]?.timeline) } : {}),
        ...(t.kind === 'RANGE' ? { rows: rangeRows(drawn[t.index]?.timeline, t) } : {}),
      })),
    },
    timelines,
  };
}

/** A Range timeline's lanes as the names column lists them (a last unnamed lane for strays). */
function rangeRows(timeline: TimelineJson | undefined, prepared: PreparedTimeline) {
  const rows = (timeline?.rows ?? []).map((row) => ({ id: row.id, name: row.name }));
  const lanes = prepared.range?.rowNames.length ?? rows.length;
  return lanes > rows.length ? [...rows, { id: '', name: '' }] : rows;
}

function drawnPdfUrl(timeline: TimelineJson | undefined): string {
  return timeline?.pdf_url ?? '';
}
