/**
 * Component readers, one per component kind, with the defaults of the desktop constructors
 * (tilia/timelines/<kind>/components.py): a key the constructor requires is required here, and a
 * key with a default takes that default when it is missing or null. Unknown keys are ignored, as
 * the desktop does (`hash`, the old hierarchy `parent`/`children`, an export's `measure`, `beat`,
 * `start_measure`, `length_in_measures`, ...).
 */
import type {
  AudiowaveComponent,
  BeatComponent,
  HarmonyComponent,
  HarmonyDisplayMode,
  HierarchyComponent,
  MarkerComponent,
  ModeComponent,
  PdfMarkerComponent,
  RangeComponent,
  RawComponent,
} from './tla-model';
import {
  choiceField,
  colorField,
  faultAt,
  integerField,
  numberField,
  requiredStringField,
  stringField,
  timeField,
  type JsonObject,
  type Place,
} from './tla-fields';

const STEP = { min: 0, max: 6 };
const ACCIDENTAL = { min: -2, max: 2 };
/** Levels and page numbers are stored as PostgreSQL integers (32 bits). */
const LEVEL = { min: 1, max: 2_147_483_647 };
const DISPLAY_MODES: readonly HarmonyDisplayMode[] = ['chord', 'roman', 'custom'];
const MODE_TYPES = ['major', 'minor'] as const;

export function readBeat(raw: JsonObject, place: Place): BeatComponent {
  return { kind: 'BEAT', time: timeField(raw, 'time', place) };
}

export function readMarker(raw: JsonObject, place: Place): MarkerComponent {
  return {
    kind: 'MARKER',
    time: timeField(raw, 'time', place),
    label: stringField(raw, 'label', place),
    color: colorField(raw, 'color', place),
    comments: stringField(raw, 'comments', place),
  };
}

export function readHierarchy(raw: JsonObject, place: Place): HierarchyComponent {
  const start = timeField(raw, 'start', place);
  const end = timeField(raw, 'end', place);
  if (end < start) throw faultAt(place, `end (${end}) is before start (${start})`);
  // The desktop keeps pre_start <= start <= end <= post_end (its start/end setters push the
  // margins outwards); a file that breaks this is clamped rather than rejected.
  const preStart = Math.min(timeField(raw, 'pre_start', place, start), start);
  const postEnd = Math.max(timeField(raw, 'post_end', place, end), end);
  return {
    kind: 'HIERARCHY',
    start,
    end,
    preStart,
    postEnd,
    level: integerField(raw, 'level', place, LEVEL),
    label: stringField(raw, 'label', place),
    color: colorField(raw, 'color', place),
    formalType: stringField(raw, 'formal_type', place),
    formalFunction: stringField(raw, 'formal_function', place),
    comments: stringField(raw, 'comments', place),
  };
}

/** SPEC.md calls the harmony level `harmony_level`; the desktop writes `level`. */
function harmonyLevel(raw: JsonObject, place: Place, fallback: number): number {
  const key =
    raw.level === undefined && raw.harmony_level !== undefined ? 'harmony_level' : 'level';
  return integerField(raw, key, place, LEVEL, fallback);
}

/**
 * A Range timeline's span (desktop 0.7, tilia/timelines/range/components.py): `row_id` must name
 * one of the timeline's rows, which the desktop also requires; `joined_right` is null or the id
 * of the range it is joined to, an int or a string.
 */
export function readRange(
  raw: JsonObject,
  place: Place,
  rowIds: ReadonlySet<string>,
): RangeComponent {
  const start = timeField(raw, 'start', place);
  const end = timeField(raw, 'end', place);
  if (end < start) throw faultAt(place, `end (${end}) is before start (${start})`);
  const rowId = requiredStringField(raw, 'row_id', place);
  if (!rowIds.has(rowId)) {
    throw faultAt(place, `field 'row_id' names no row of its timeline ('${rowId}')`);
  }
  const joined = raw.joined_right;
  let joinedRight: string | null = null;
  if (typeof joined === 'string') joinedRight = joined;
  else if (Number.isInteger(joined)) joinedRight = String(joined);
  else if (joined !== undefined && joined !== null) {
    throw faultAt(place, `field 'joined_right' must be a component id or null`);
  }
  return {
    kind: 'RANGE',
    sourceId: typeof place.component === 'string' ? place.component : null,
    start,
    end,
    preStart: Math.min(timeField(raw, 'pre_start', place, start), start),
    postEnd: Math.max(timeField(raw, 'post_end', place, end), end),
    rowId,
    label: stringField(raw, 'label', place),
    color: colorField(raw, 'color', place),
    comments: stringField(raw, 'comments', place),
    joinedRight,
  };
}

export function readHarmony(raw: JsonObject, place: Place): HarmonyComponent {
  return {
    kind: 'HARMONY',
    time: timeField(raw, 'time', place),
    step: integerField(raw, 'step', place, STEP),
    accidental: integerField(raw, 'accidental', place, ACCIDENTAL, 0),
    quality: requiredStringField(raw, 'quality', place),
    inversion: integerField(raw, 'inversion', place, { min: 0, max: 3 }, 0),
    appliedTo: integerField(raw, 'applied_to', place, STEP, 0),
    level: harmonyLevel(raw, place, 1),
    displayMode: choiceField(raw, 'display_mode', place, DISPLAY_MODES, 'chord'),
    customText: stringField(raw, 'custom_text', place),
    // The desktop writes 'analytic' or 'normal' and SPEC.md says 'regular': any string is kept.
    customTextFontType: stringField(raw, 'custom_text_font_type', place, 'analytic'),
    comments: stringField(raw, 'comments', place),
  };
}

export function readMode(raw: JsonObject, place: Place): ModeComponent {
  // SPEC.md calls the mode's type `key_type`; the desktop writes `type`.
  const typeKey = raw.type === undefined && raw.key_type !== undefined ? 'key_type' : 'type';
  return {
    kind: 'MODE',
    // Every Mode constructor argument has a default, time included.
    time: timeField(raw, 'time', place, 0),
    step: integerField(raw, 'step', place, STEP, 0),
    accidental: integerField(raw, 'accidental', place, ACCIDENTAL, 0),
    type: choiceField(raw, typeKey, place, MODE_TYPES, 'major'),
    level: harmonyLevel(raw, place, 2),
    comments: stringField(raw, 'comments', place),
  };
}

export function readPdfMarker(raw: JsonObject, place: Place): PdfMarkerComponent {
  return {
    kind: 'PDF_MARKER',
    time: timeField(raw, 'time', place),
    pageNumber: integerField(raw, 'page_number', place, LEVEL),
  };
}

export function readAudiowave(raw: JsonObject, place: Place): AudiowaveComponent {
  const start = timeField(raw, 'start', place);
  const end = timeField(raw, 'end', place);
  if (end < start) throw faultAt(place, `end (${end}) is before start (${start})`);
  return {
    kind: 'AUDIOWAVE',
    start,
    end,
    amplitude: numberField(raw, 'amplitude', place, { min: 0, max: 1 }),
  };
}

/** Score and unknown-kind components: everything but `kind` is kept as written. */
export function readRaw(raw: JsonObject, place: Place): RawComponent {
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(raw)) {
    if (key !== 'kind') fields[key] = raw[key];
  }
  return { kind: stringField(raw, 'kind', place), fields };
}

/*
 * The desktop keeps each timeline's components sorted by the class's ORDERING_ATTRS (bisect.insort,
 * so equal keys keep their load order): hierarchy by (level, start), harmony and mode by
 * (level, time), beat, marker and PDF marker by time, audiowave bars by start. Array.sort is
 * stable, so ties keep the order in which they were read.
 */
export function byTime(a: { time: number }, b: { time: number }): number {
  return a.time - b.time;
}

export function byStart(a: { start: number }, b: { start: number }): number {
  return a.start - b.start;
}

/** The desktop's Range ORDERING_ATTRS: start, then row id (ids are ASCII letters and digits). */
export function byStartThenRow(a: RangeComponent, b: RangeComponent): number {
  return a.start - b.start || (a.rowId < b.rowId ? -1 : a.rowId > b.rowId ? 1 : 0);
}

export function byLevelThenStart(a: HierarchyComponent, b: HierarchyComponent): number {
  return a.level - b.level || a.start - b.start;
}

export function byLevelThenTime(
  a: HarmonyComponent | ModeComponent,
  b: HarmonyComponent | ModeComponent,
): number {
  return a.level - b.level || a.time - b.time;
}
