import type { ComponentJson, PdfMarkerComponentJson, ViewerFileJson } from './api-types';
import { pageWindows, type PageWindows } from './pdf-page-windows';
import { decodePeaks, type Peaks } from './waveform/peaks';
import { fileTimeMap } from './time-map/beat-timeline-fields';
import type { TimeMap } from './time-map/time-map';
import { timelineCsv } from './timeline-tables/timeline-csv';
import {
  displayOrder,
  tableRowWindow,
  timelineTable,
  type TimelineTable,
} from './timeline-tables/timeline-tables';
import { timelineTrack, type TimelineTrack } from './timeline-tables/timeline-tracks';
import { neighbourComponent, type NavigationKey } from './viewer-layout/component-navigation';
import { componentContext, type ComponentContext } from './viewer-layout/component-context';
import type { PrepareOptions, PreparedFile, ViewerHeader } from './viewer-layout/viewer-document';
import {
  isPreparedPayload,
  openPreparedPayload,
  prepareViewerJson,
  UNREADABLE_FILE,
  type OpenedFile,
  type OpenError,
} from './viewer-payload/prepared-payload';
import { steppedZoom } from './viewer-layout/time-scale';
import { ViewCache } from './viewer-layout/view-cache';
import {
  layoutView,
  sameView,
  type ViewLayout,
  type ViewRequest,
} from './viewer-layout/view-layout';

/**
 * A User Timing measure in the scope that runs the session (the worker's own timeline, which a
 * bench reads from the worker): how much of a load or a zoom step the worker's work is.
 */
function measure(name: string, start: number, end: number): void {
  // A long session scrolls thousands of times: the timeline keeps the recent views only.
  if (performance.getEntriesByName(name, 'measure').length >= MEASURES_KEPT) {
    performance.clearMeasures(name);
  }
  performance.measure(name, { start, end });
}

const MEASURES_KEPT = 500;

function openJson(bytes: ArrayBuffer | Uint8Array): OpenedFile {
  let json: ViewerFileJson;
  const started = performance.now();
  try {
    json = JSON.parse(new TextDecoder().decode(bytes)) as ViewerFileJson;
    if (!json || !Array.isArray(json.timelines) || !json.concrete_work) throw new Error('shape');
  } catch {
    return { ok: false, error: 'invalid-file', message: UNREADABLE_FILE };
  }
  const parsed = performance.now();
  measure('layout:parse', started, parsed);
  const opened = prepareViewerJson(json);
  measure('layout:prepare', parsed, performance.now());
  return opened;
}

/** The payload was prepared when the file was stored: its prepare step is the lookups' setup. */
function openPayload(bytes: ArrayBuffer | Uint8Array): OpenedFile {
  const started = performance.now();
  const opened = openPreparedPayload(bytes);
  const read = performance.now();
  measure('layout:parse', started, read);
  measure('layout:prepare', read, read);
  return opened;
}

/** Errors cross the worker boundary as data with a stable code (STYLE.md). */
export type OpenResult =
  { ok: true; header: ViewerHeader } | { ok: false; error: OpenError; message: string };

export interface ComponentRef {
  timeline: number;
  index: number;
}

/** The most views waiting to be laid out ahead: the oldest asked for gives way. */
const MAX_AHEAD = 6;

/** Zoom steps laid out ahead by `warmUp`. */
const WARM_UP_STEPS = 4;

/**
 * How many laid-out views the session keeps: the last few the page saw (a zoom step back finds
 * the view it came from) and those laid out ahead (the zoom steps either side, the warm-up's).
 */
const VIEWS_KEPT = 10;

/**
 * The viewer's side of one open file, off the page: it parses the file JSON, prepares it once and
 * answers what the page asks of the file (view layouts, components and their neighbours, table
 * rows, CSV, PDF page windows). The file worker exposes one; without workers the page runs one in
 * process. Laid-out views are kept in one cache (ViewCache), which answers the page's requests, the
 * views it asks to have laid out ahead (`prefetch`) and the early screen's first view alike.
 */
export class ViewerFileSession {
  private file: PreparedFile | null = null;
  private json: ViewerFileJson | null = null;
  private byId: Map<number, ComponentRef> | null = null;
  /** The file's bars, worked out when first asked for. */
  private map: { value: TimeMap | null } | null = null;
  /** The recording's peaks, once the page has given them (usePeaks). */
  private peaks: Peaks | null = null;
  private warmedUp = false;
  /** How the open file is prepared (prepareWith); a file opened anew is prepared as it comes. */
  private options: PrepareOptions = {};
  /** Timeline tables by the timeline's index, built when first asked for (null: no table). */
  private tables = new Map<number, TimelineTable | null>();
  /** The views laid out lately and ahead, to answer a request for one with a copy. */
  private readonly views = new ViewCache(VIEWS_KEPT);
  /** Views asked for ahead and not laid out yet, in the order asked. */
  private ahead: ViewRequest[] = [];
  private aheadScheduled = false;

  /**
   * Takes the raw bytes of `files/{id}/json`, as the prepared payload the server keeps or as the
   * viewer JSON (a local file, a server of before), so that reading them happens here, off the page.
   */
  open(bytes: ArrayBuffer | Uint8Array): OpenResult {
    const opened = isPreparedPayload(bytes) ? openPayload(bytes) : openJson(bytes);
    if (!opened.ok) return opened;
    this.file = opened.file;
    this.json = opened.json;
    this.options = {};
    this.byId = null;
    this.map = null;
    this.peaks = null;
    this.warmedUp = false;
    this.tables.clear();
    this.views.clear();
    this.ahead = [];
    return { ok: true, header: this.file.header };
  }

  /**
   * Gives the Audiowave timelines the recording's own peaks (the bytes of files/{id}/peaks), to
   * draw its waveform at any zoom. False when they are not peaks or nothing draws them.
   */
  usePeaks(bytes: ArrayBuffer): boolean {
    const peaks = decodePeaks(new Uint8Array(bytes));
    if (!peaks) return false;
    this.peaks = peaks;
    this.views.clear();
    return this.givePeaks();
  }

  /** The Audiowave timelines of the prepared file get the peaks; false when there are none. */
  private givePeaks(): boolean {
    const waves = this.file?.timelines.filter((timeline) => timeline.kind === 'AUDIOWAVE') ?? [];
    if (!this.peaks || waves.length === 0) return false;
    for (const timeline of waves) timeline.peaks = this.peaks;
    return true;
  }

  /**
   * Prepares the open file again with other options (its hidden timelines drawn or not, a row
   * for the recording's waveform or not), the others kept: the stack changes, so every view,
   * table and component lookup starts afresh.
   */
  prepareWith(options: PrepareOptions): OpenResult {
    this.options = { ...this.options, ...options };
    const opened = prepareViewerJson(this.requireJson(), this.options);
    if (!opened.ok) return opened;
    this.file = opened.file;
    this.givePeaks();
    this.byId = null;
    this.tables.clear();
    this.views.clear();
    this.ahead = [];
    return { ok: true, header: this.file.header };
  }

  /** A view's layout, of its own to keep or transfer: a copy where the view is kept. */
  layout(request: ViewRequest): ViewLayout {
    const file = this.requireFile();
    const wanted = this.withHeights(request, file);
    const kept = this.views.take(wanted);
    if (kept) return kept;
    this.ahead = this.ahead.filter((ahead) => !sameView(ahead, wanted));
    return this.layOut(file, wanted);
  }

  /** Lays a view out (measured as layout:view) and keeps a copy of it. */
  private layOut(file: PreparedFile, wanted: ViewRequest): ViewLayout {
    const started = performance.now();
    const layout = layoutView(file, wanted);
    measure('layout:view', started, performance.now());
    this.views.keep(wanted, layout);
    return layout;
  }

  /**
   * Has a view laid out ahead of the page's asking (unless it is kept or due already), for
   * `layout`. Views ahead are laid out one per task, after whatever else has been asked: a
   * request the page waits for never queues behind more than the one view being laid out.
   */
  prefetch(request: ViewRequest): void {
    const file = this.file;
    if (!file) return;
    const wanted = this.withHeights(request, file);
    if (this.views.has(wanted) || this.ahead.some((ahead) => sameView(ahead, wanted))) return;
    this.ahead = [...this.ahead, wanted].slice(-MAX_AHEAD);
    this.scheduleAhead();
  }

  private scheduleAhead(): void {
    if (this.aheadScheduled || this.ahead.length === 0) return;
    this.aheadScheduled = true;
    setTimeout(() => {
      this.aheadScheduled = false;
      this.layOutAhead();
    }, 0);
  }

  private layOutAhead(): void {
    const file = this.file;
    const wanted = this.ahead.shift();
    if (file && wanted && !this.views.has(wanted)) this.layOut(file, wanted);
    this.scheduleAhead();
  }

  /**
   * Lays out the few zoom steps in from `first` ahead, once per file: the engine then has the
   * layout code compiled and optimised before the user's first zoom, which otherwise costs
   * several times a later one, and a first zoom in from the first view finds its view kept.
   */
  warmUp(first: ViewRequest): void {
    if (this.warmedUp || !this.file) return;
    this.warmedUp = true;
    let zoom = first.zoom;
    for (let step = 0; step < WARM_UP_STEPS; step++) {
      zoom = steppedZoom(zoom, 1);
      this.prefetch({ ...first, zoom });
    }
  }

  /**
   * A request without heights is one at the file's least heights (the first view is guessed
   * before the page has measured its room): the same view as one that names them.
   */
  private withHeights(request: ViewRequest, file: PreparedFile): ViewRequest {
    if (request.heights) return request;
    return { ...request, heights: file.header.timelines.map((timeline) => timeline.height) };
  }

  component(ref: ComponentRef): ComponentJson | null {
    return this.requireFile().timelines[ref.timeline]?.components[ref.index] ?? null;
  }

  /** Where a component stands in the music: its bar and beat, a chord's key in force. */
  componentContext(ref: ComponentRef): ComponentContext | null {
    const timeline = this.requireFile().timelines[ref.timeline];
    const component = timeline?.components[ref.index];
    if (!timeline || !component) return null;
    return componentContext(timeline.components, component, this.timeMap());
  }

  neighbour(ref: ComponentRef, key: NavigationKey): ComponentRef | null {
    const timeline = this.requireFile().timelines[ref.timeline];
    if (!timeline) return null;
    const index = neighbourComponent(timeline, ref.index, key);
    return index === null ? null : { timeline: ref.timeline, index };
  }

  /**
   * Where the `pass`-th playing of bar `number` starts, by the file's time map (its first beat
   * timeline); with `after`, the first playing of it that starts later than that time, round to
   * the first again. Null when the file has no such bar.
   */
  barStart(number: number, pass: number | null, after: number | null = null): number | null {
    const bars = this.timeMap()?.barsNumbered(number) ?? [];
    if (bars.length === 0) return null;
    if (pass !== null) return bars[pass - 1]?.start ?? null;
    if (after === null) return bars[0]!.start;
    return (bars.find((bar) => bar.start > after + 1e-6) ?? bars[0]!).start;
  }

  /** A component by its id in the file JSON (for share links); null when no drawn one has it. */
  findComponent(id: number): ComponentRef | null {
    if (!this.byId) {
      this.byId = new Map();
      for (const timeline of this.requireFile().timelines) {
        timeline.components.forEach((c, index) =>
          this.byId?.set(c.id, { timeline: timeline.index, index }),
        );
      }
    }
    return this.byId.get(id) ?? null;
  }

  /** The page time windows of a PDF timeline (the PDF panel looks pages up in them per frame). */
  pdfPageWindows(timeline: number): PageWindows {
    const prepared = this.requireFile().timelines[timeline];
    const markers =
      prepared?.kind === 'PDF' ? (prepared.components as PdfMarkerComponentJson[]) : [];
    return pageWindows(markers);
  }

  /**
   * The table view's, the 'now playing' strip's and the export's view of the file: one compact
   * track per table-worthy timeline, in display order. Fresh arrays on every call, since the
   * worker transfers (and so gives up) them.
   */
  timelineTracks(): TimelineTrack[] {
    return displayOrder(this.requireJson()).flatMap(({ index }) => {
      const table = this.table(index);
      return table ? [timelineTrack(table)] : [];
    });
  }

  /** The cells of up to `count` rows of a timeline's table from row `first`: the rows on screen. */
  tableRows(timeline: number, first: number, count: number): string[][] {
    const table = this.table(timeline);
    return table ? tableRowWindow(table, first, count) : [];
  }

  /**
   * A timeline as CSV in the desktop app's import columns, as UTF-8 bytes (empty for a timeline
   * without a table): the worker transfers them, and the page saves them without a copy of the
   * text to encode.
   */
  timelineCsv(timeline: number): Uint8Array<ArrayBuffer> {
    const table = this.table(timeline);
    return new TextEncoder().encode(table ? timelineCsv(table) : '');
  }

  close(): void {
    this.json = null;
    this.file = null;
    this.byId = null;
    this.tables.clear();
    this.views.clear();
    this.ahead = [];
  }

  private table(timeline: number): TimelineTable | null {
    let table = this.tables.get(timeline);
    if (table === undefined) {
      const json = this.requireJson().timelines[timeline];
      table = json ? timelineTable(json, timeline, this.timeMap()) : null;
      this.tables.set(timeline, table);
    }
    return table;
  }

  /** The file's bars and beats, from its first beat timeline; null without one. */
  private timeMap(): TimeMap | null {
    this.map ??= { value: fileTimeMap(this.requireJson().timelines, null) };
    return this.map.value;
  }

  private requireJson(): ViewerFileJson {
    if (!this.json) throw new Error('No file is open in this layout session.');
    return this.json;
  }

  private requireFile(): PreparedFile {
    if (!this.file) throw new Error('No file is open in this layout session.');
    return this.file;
  }
}

/**
 * The file worker's API (workers/viewer-file.worker.ts exposes exactly this over comlink). It
 * lives here so the page can name it without compiling the worker.
 */
export interface ViewerFileApi {
  open(bytes: ArrayBuffer): OpenResult;
  prepareWith(options: PrepareOptions): OpenResult;
  /** `ahead`: asked for before the page needs it (the stage painter then paints it ahead). */
  layout(request: ViewRequest, ahead?: boolean): ViewLayout;
  prefetch(request: ViewRequest): void;
  warmUp(first: ViewRequest): void;
  component(ref: ComponentRef): ComponentJson | null;
  componentContext(ref: ComponentRef): ComponentContext | null;
  neighbour(ref: ComponentRef, key: NavigationKey): ComponentRef | null;
  findComponent(id: number): ComponentRef | null;
  barStart(number: number, pass: number | null, after?: number | null): number | null;
  usePeaks(bytes: ArrayBuffer): boolean;
  pdfPageWindows(timeline: number): PageWindows;
  timelineTracks(): TimelineTrack[];
  tableRows(timeline: number, first: number, count: number): string[][];
  timelineCsv(timeline: number): Uint8Array<ArrayBuffer>;
  close(): void;
}
