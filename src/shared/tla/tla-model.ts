/**
 * The .tla document after reading: one normalised shape for every variant the desktop app has
 * written (see TLA-FORMAT.md) and for its JSON export. The reader (tla-reader.ts) produces it;
 * ingestion, the seed builder and the browser-side local viewer consume it.
 */

/** Timeline kinds in their long (<= 0.6) spelling; the short 0.7 spellings map onto these. */
export const TIMELINE_KINDS = [
  'HIERARCHY_TIMELINE',
  'MARKER_TIMELINE',
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

/** Score components are kept as written: the web platform does not draw score timelines. */
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
  /** 1-based display order, normalised (display_position + 1, or the next free one). */
  ordinal: number;
  isVisible: boolean;
  height: number | null;
}

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
}
export interface HarmonyTimeline extends TimelineBase {
  kind: 'HARMONY_TIMELINE';
  levelCount: number;
  levelHeight: number;
  visibleLevelCount: number;
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
  /** media_metadata as written, key order kept. */
  mediaMetadata: Record<string, unknown>;
  /** media_metadata['media length'] when it is a finite number >= 0. */
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
