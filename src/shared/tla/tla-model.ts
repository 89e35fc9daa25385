/**
 * The .tla document after reading: one normalised shape for every variant the desktop app has
 * written (see TLA-FORMAT.md) and for its JSON export. The reader (tla-reader.ts) produces it;
 * ingestion, the seed builder and the browser-side local viewer consume it.
 */

/** Timeline kinds in their long (<= 0.6) spelling; the short 0.7 spellings map onto these. */
export const TIMELINE_KINDS = [
  'HIERARCHY_TIMELINE',
  'MARKER_TIMELINE',
  'RANGE_TIMELINE',
  'BEAT_TIMELINE',
  'HARMONY_TIMELINE',
  'AUDIOWAVE_TIMELINE',
  'PDF_TIMELINE',
  'SLIDER_TIMELINE',
  'SCORE_TIMELINE',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export interface HierarchyComponent {
  kind: 'HIERARCHY';
  start: number;
  end: number;
  preStart: number;
  postEnd: number;
  level: number;
  label: string;
  color: string | null;
  formalType: string;
  formalFunction: string;
  comments: string;
}

export interface MarkerComponent {
  kind: 'MARKER';
  time: number;
  label: string;
  color: string | null;
  comments: string;
}

/**
 * A span on one row of a Range timeline (desktop 0.7). `sourceId` is its key in the .tla (null
 * in an export), which `joinedRight` of the range to its left names: joined ranges are drawn and
 * edited as one span.
 */
export interface RangeComponent {
  kind: 'RANGE';
  sourceId: string | null;
  start: number;
  end: number;
  preStart: number;
  postEnd: number;
  /** The id of one of the timeline's rows. */
  rowId: string;
  label: string;
  /** null: the row's colour, then the desktop's default. */
  color: string | null;
  comments: string;
  /** The sourceId of the range to its right in the same row that it is joined to, or null. */
  joinedRight: string | null;
}

/** A named row of a Range timeline; `color` and `height` null mean the timeline's defaults. */
export interface RangeRow {
  id: string;
  name: string;
  color: string | null;
  height: number | null;
}

export interface BeatComponent {
  kind: 'BEAT';
  time: number;
}

export type HarmonyDisplayMode = 'roman' | 'chord' | 'custom';

export interface HarmonyComponent {
  kind: 'HARMONY';
  time: number;
  /** 0-6 = C D E F G A B */
  step: number;
  /** -2..2 */
  accidental: number;
  /** music21 chord-type name, e.g. 'major', 'dominant-seventh', 'German' */
  quality: string;
  /** 0..3 */
  inversion: number;
  /** 0 = not applied; otherwise the 0-based scale degree of the tonicised chord (4 means '/V') */
  appliedTo: number;
  level: number;
  displayMode: HarmonyDisplayMode;
  customText: string;
  customTextFontType: string;
  comments: string;
}

export interface ModeComponent {
  kind: 'MODE';
  time: number;
  step: number;
  accidental: number;
  type: 'major' | 'minor';
  level: number;
  comments: string;
}

export interface PdfMarkerComponent {
  kind: 'PDF_MARKER';
  time: number;
  pageNumber: number;
}

export interface AudiowaveComponent {
  kind: 'AUDIOWAVE';
  start: number;
  end: number;
  amplitude: number;
}

/**
 * Score and unknown-kind components, kept as written (the web platform does not draw them):
 * `kind` is the component's kind ('' when it has none), `fields` every other key.
 */
export interface RawComponent {
  kind: string;
  fields: Record<string, unknown>;
}

export interface TimelineBase {
  /** The timeline's key in a .tla file (null in the export format, whose timelines are a list). */
  sourceId: string | null;
  /** The kind exactly as the file spells it ('MARKER_TIMELINE', 'Marker', 'Lcma', ...). */
  kindName: string;
  name: string;
  /**
   * 1-based display order, normalised to 1..n across the file: by the ordinal asked for
   * (`ordinal`, or old `display_position` + 1), ties in file order, then timelines that ask for
   * none in file order (the desktop's "next free one").
   */
  ordinal: number;
  isVisible: boolean;
  /** Pixels as written, or null when the file has none (a harmony timeline's is derived). */
  height: number | null;
  /**
   * Components of kinds this platform does not know yet (a newer desktop's), found in a timeline
   * of a known kind: kept in the download, counted in the viewer, never drawn.
   */
  otherComponents: RawComponent[];
}

/*
 * Strings are as written, including a lone surrogate left by a label cut inside an emoji.
 * `components` are sorted as the desktop keeps them (its ORDERING_ATTRS): hierarchy by (level,
 * start), harmony and mode by (level, time), beat, marker and PDF marker by time, audiowave by
 * start; ties keep the order read (numeric id order in a .tla, list order in an export). Score
 * and unknown components keep that order unsorted.
 */

export interface HierarchyTimeline extends TimelineBase {
  kind: 'HIERARCHY_TIMELINE';
  components: HierarchyComponent[];
}
export interface MarkerTimeline extends TimelineBase {
  kind: 'MARKER_TIMELINE';
  components: MarkerComponent[];
}
export interface BeatTimeline extends TimelineBase {
  kind: 'BEAT_TIMELINE';
  beatPattern: number[];
  measureNumbers: number[];
  beatsInMeasure: number[];
  measuresToForceDisplay: number[];
  components: BeatComponent[];
  /**
   * Desktop 0.7's BEAT_UNIT components (`beat_id`, `denominator`, `units`, `assumed`: what a
   * tapped beat is worth in notation from its bar on), kept as written.
   */
  beatUnits: RawComponent[];
}
export interface RangeTimeline extends TimelineBase {
  kind: 'RANGE_TIMELINE';
  rows: RangeRow[];
  /** Pixels per row where a row sets none (null: the desktop's default). */
  defaultRowHeight: number | null;
  /** Sorted as the desktop keeps them: by start, then row id. */
  components: RangeComponent[];
}
export interface HarmonyTimeline extends TimelineBase {
  kind: 'HARMONY_TIMELINE';
  levelCount: number;
  levelHeight: number;
  visibleLevelCount: number;
  /** `height` is visibleLevelCount x levelHeight: the desktop stores no height for harmony. */
  components: (HarmonyComponent | ModeComponent)[];
}
export interface AudiowaveTimeline extends TimelineBase {
  kind: 'AUDIOWAVE_TIMELINE';
  components: AudiowaveComponent[];
}
export interface PdfTimeline extends TimelineBase {
  kind: 'PDF_TIMELINE';
  /** The PDF's path as the desktop app stored it (local path or URL). */
  path: string;
  components: PdfMarkerComponent[];
}
export interface SliderTimeline extends TimelineBase {
  kind: 'SLIDER_TIMELINE';
  components: [];
}
export interface ScoreTimeline extends TimelineBase {
  kind: 'SCORE_TIMELINE';
  components: RawComponent[];
}
/** A kind this platform does not know (e.g. a newer desktop's): kept, stored and listed, not drawn. */
export interface UnknownTimeline extends TimelineBase {
  kind: 'UNKNOWN';
  attributes: Record<string, unknown>;
  components: RawComponent[];
}

export type TlaTimeline =
  | HierarchyTimeline
  | MarkerTimeline
  | RangeTimeline
  | BeatTimeline
  | HarmonyTimeline
  | AudiowaveTimeline
  | PdfTimeline
  | SliderTimeline
  | ScoreTimeline
  | UnknownTimeline;

export interface TlaDocument {
  /** 'tla' for a desktop-saved file, 'export' for File > Export > JSON. */
  format: 'tla' | 'export';
  /** The app version that wrote it, as written (null for exports). */
  version: string | null;
  mediaPath: string;
  /**
   * media_metadata as written, key order kept (except that JavaScript lists integer-like keys
   * such as "1" first, in numeric order).
   */
  mediaMetadata: Record<string, unknown>;
  /**
   * media_metadata['media length'] when it is a finite number >= 0, or a plain decimal string
   * such as "214.0"; otherwise null (unknown).
   */
  mediaLength: number | null;
  /** Sorted by ordinal (topmost first). */
  timelines: TlaTimeline[];
}

/** A broken file: `message` names the file and the fault, ready to show a user. */
export class TlaReadError extends Error {
  override readonly name = 'TlaReadError';
  constructor(
    readonly fileName: string,
    readonly fault: string,
  ) {
    super(`'${fileName}': ${fault}`);
  }
}
