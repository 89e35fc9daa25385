/**
 * Timeline readers: the kind (either spelling), the base attributes, each kind's own attributes
 * and its components. Ordinals are only collected here; tla-ordinals.ts normalises them once all
 * timelines are read.
 */
import {
  TIMELINE_KINDS,
  type TimelineBase,
  type TimelineKind,
  type TlaTimeline,
  type RawComponent,
  type RangeRow,
  type BeatComponent,
} from './tla-model';
import {
  booleanField,
  faultAt,
  heightField,
  integerField,
  integerListField,
  isJsonObject,
  numberField,
  stringField,
  TlaFault,
  type JsonObject,
  type Place,
} from './tla-fields';
import {
  byLevelThenStart,
  byLevelThenTime,
  byStart,
  byStartThenRow,
  byTime,
  readAudiowave,
  readBeat,
  readHarmony,
  readHierarchy,
  readMarker,
  readMode,
  readPdfMarker,
  readRange,
  readRaw,
} from './tla-components';
import { MAX_COMPONENTS_PER_TIMELINE } from './tla-limits';

/**
 * 0.7 writes the class name without "Timeline". Its migration capitalises the old name
 * (AUDIOWAVE_TIMELINE -> Audiowave) while the class is AudioWave, so both occur.
 * A Map, not an object literal: a kind named "constructor" must not find Object's.
 */
const SHORT_KIND_NAMES: ReadonlyMap<string, TimelineKind> = new Map([
  ['Hierarchy', 'HIERARCHY_TIMELINE'],
  ['Marker', 'MARKER_TIMELINE'],
  ['Range', 'RANGE_TIMELINE'],
  ['Beat', 'BEAT_TIMELINE'],
  ['Harmony', 'HARMONY_TIMELINE'],
  ['Audiowave', 'AUDIOWAVE_TIMELINE'],
  ['AudioWave', 'AUDIOWAVE_TIMELINE'],
  ['Pdf', 'PDF_TIMELINE'],
  ['Slider', 'SLIDER_TIMELINE'],
  ['Score', 'SCORE_TIMELINE'],
]);
const LONG_KIND_NAMES: ReadonlySet<string> = new Set(TIMELINE_KINDS);

export function timelineKindOf(kindName: string): TimelineKind | null {
  if (LONG_KIND_NAMES.has(kindName)) return kindName as TimelineKind;
  return SHORT_KIND_NAMES.get(kindName) ?? null;
}

export interface TimelineRead {
  /** Its `ordinal` is a placeholder until the ordinals of the whole file are normalised. */
  timeline: TlaTimeline;
  /** The 1-based ordinal the file asks for (old display_position + 1), or null for none. */
  ordinalClaim: number | null;
}

const NON_NEGATIVE_INTEGER = { min: 0, max: Infinity };

/** `timelineId` is the key in a .tla file's `timelines` object, or the index in an export's list. */
export function readTimeline(raw: unknown, timelineId: string | number): TimelineRead {
  const place: Place = { timeline: timelineId, component: null };
  if (!isJsonObject(raw)) throw faultAt(place, 'must be an object');
  // SPEC.md names the field `timeline_kind`; every desktop file says `kind`.
  const kindKey =
    raw.kind === undefined && raw.timeline_kind !== undefined ? 'timeline_kind' : 'kind';
  const kindName = raw[kindKey];
  if (kindName === undefined) throw faultAt(place, `field 'kind' is missing`);
  if (typeof kindName !== 'string') throw faultAt(place, `field '${kindKey}' must be a string`);
  const sourceId = typeof timelineId === 'string' ? timelineId : null;
  const kind = timelineKindOf(kindName);
  if (kind === null) return readUnknownTimeline(raw, kindName, sourceId, kindKey);

  const base: TimelineBase = {
    sourceId,
    kindName,
    name: stringField(raw, 'name', place),
    ordinal: 0,
    isVisible: booleanField(raw, 'is_visible', place, true),
    height: heightField(raw, place),
    otherComponents: [],
  };
  return {
    timeline: readKnownTimeline(kind, raw, base, place),
    ordinalClaim: ordinalClaim(raw, place),
  };
}

function ordinalClaim(raw: JsonObject, place: Place): number | null {
  if (raw.ordinal !== undefined && raw.ordinal !== null) {
    return integerField(raw, 'ordinal', place, NON_NEGATIVE_INTEGER);
  }
  // Before 0.1.1 the display order was `display_position`, 0-based.
  if (raw.display_position !== undefined && raw.display_position !== null) {
    return integerField(raw, 'display_position', place, NON_NEGATIVE_INTEGER) + 1;
  }
  return null;
}

function readKnownTimeline(
  kind: TimelineKind,
  raw: JsonObject,
  base: TimelineBase,
  place: Place,
): TlaTimeline {
  switch (kind) {
    case 'HIERARCHY_TIMELINE': {
      const read = readComponents(raw, place, kind, ['HIERARCHY'], readHierarchy);
      return {
        ...base,
        kind,
        otherComponents: read.others,
        components: read.components.sort(byLevelThenStart),
      };
    }
    case 'MARKER_TIMELINE': {
      const read = readComponents(raw, place, kind, ['MARKER'], readMarker);
      return {
        ...base,
        kind,
        otherComponents: read.others,
        components: read.components.sort(byTime),
      };
    }
    case 'RANGE_TIMELINE': {
      const rows = readRows(raw, place);
      const rowIds = new Set(rows.map((row) => row.id));
      const read = readComponents(raw, place, kind, ['RANGE'], (item, itemPlace) =>
        readRange(item, itemPlace, rowIds),
      );
      return {
        ...base,
        kind,
        rows,
        defaultRowHeight: numberOrNull(raw, 'default_row_height', place),
        otherComponents: read.others,
        components: read.components.sort(byStartThenRow),
      };
    }
    case 'BEAT_TIMELINE': {
      const beatPattern = integerListField(
        raw,
        'beat_pattern',
        place,
        { min: 1, max: Infinity },
        [4],
      );
      const read = readComponents(raw, place, kind, ['BEAT', 'BEAT_UNIT'], readBeatOrUnit);
      const beats: BeatComponent[] = [];
      const beatUnits: RawComponent[] = [];
      for (const component of read.components) {
        if (component.kind === 'BEAT') beats.push(component as BeatComponent);
        else beatUnits.push(component as RawComponent);
      }
      return {
        ...base,
        kind,
        // An empty pattern cannot be cycled to size new measures: use the desktop's default.
        beatPattern: beatPattern.length > 0 ? beatPattern : [4],
        // Measure numbers may repeat, go backwards, or be 0 for a pickup.
        measureNumbers: integerListField(raw, 'measure_numbers', place, ANY_INTEGER, []),
        beatsInMeasure: integerListField(raw, 'beats_in_measure', place, NON_NEGATIVE_INTEGER, []),
        measuresToForceDisplay: integerListField(
          raw,
          'measures_to_force_display',
          place,
          NON_NEGATIVE_INTEGER,
          [],
        ),
        otherComponents: read.others,
        components: beats.sort(byTime),
        beatUnits,
      };
    }
    case 'HARMONY_TIMELINE': {
      const levelHeight = numberField(raw, 'level_height', place, POSITIVE, 35);
      const visibleLevelCount = integerField(raw, 'visible_level_count', place, AT_LEAST_ONE, 2);
      const read = readComponents(raw, place, kind, ['HARMONY', 'MODE'], readHarmonyOrMode);
      return {
        ...base,
        kind,
        // A harmony timeline stores no height: the desktop draws visible levels x level height.
        height: base.height ?? visibleLevelCount * levelHeight,
        levelCount: integerField(raw, 'level_count', place, { min: 1, max: 2 }, 1),
        levelHeight,
        visibleLevelCount,
        otherComponents: read.others,
        components: read.components.sort(byLevelThenTime),
      };
    }
    case 'AUDIOWAVE_TIMELINE': {
      const read = readComponents(raw, place, kind, ['AUDIOWAVE'], readAudiowave);
      return {
        ...base,
        kind,
        otherComponents: read.others,
        components: read.components.sort(byStart),
      };
    }
    case 'PDF_TIMELINE': {
      const read = readComponents(raw, place, kind, ['PDF_MARKER'], readPdfMarker);
      return {
        ...base,
        kind,
        // The desktop requires a path; a file without one can still show its page markers.
        path: stringField(raw, 'path', place),
        otherComponents: read.others,
        components: read.components.sort(byTime),
      };
    }
    case 'SLIDER_TIMELINE':
      // A slider has no components; the desktop always writes `{}` and reads nothing back.
      return { ...base, kind, components: [] };
    case 'SCORE_TIMELINE':
      // Not drawn by the web platform; svg_data and viewer_beat_x are left out on purpose.
      return {
        ...base,
        kind,
        components: readComponents(raw, place, kind, null, readRaw).components,
      };
    default: {
      const unreachable: never = kind;
      throw new Error(`unhandled timeline kind ${String(unreachable)}`);
    }
  }
}

/** A Range timeline's rows: `{id, name, color, height}`, color and height optional. */
function readRows(raw: JsonObject, place: Place): RangeRow[] {
  const value = raw.rows;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw faultAt(place, `field 'rows' must be a list`);
  const ids = new Set<string>();
  return value.map((row, index) => {
    const rowPlace: Place = { timeline: place.timeline, component: null };
    if (!isJsonObject(row)) throw faultAt(rowPlace, `row ${index + 1} must be an object`);
    const id = row.id;
    if (typeof id !== 'string' || id === '') {
      throw faultAt(rowPlace, `row ${index + 1}: field 'id' must be a non-empty string`);
    }
    if (ids.has(id)) throw faultAt(rowPlace, `row ${index + 1}: the id '${id}' is used twice`);
    ids.add(id);
    const name = row.name;
    if (name !== undefined && name !== null && typeof name !== 'string') {
      throw faultAt(rowPlace, `row ${index + 1}: field 'name' must be a string`);
    }
    const color = row.color;
    if (color !== undefined && color !== null && typeof color !== 'string') {
      throw faultAt(rowPlace, `row ${index + 1}: field 'color' must be a string or null`);
    }
    return {
      id,
      name: name ?? '',
      color: typeof color === 'string' && color !== '' ? color : null,
      height: numberOrNull(row, 'height', rowPlace),
    };
  });
}

function numberOrNull(raw: JsonObject, key: string, place: Place): number | null {
  const value = raw[key];
  if (value === undefined || value === null) return null;
  return numberField(raw, key, place, { min: 0, max: Infinity });
}

const ANY_INTEGER = { min: -Infinity, max: Infinity };
const AT_LEAST_ONE = { min: 1, max: 2_147_483_647 };
const POSITIVE = { min: 0, max: Infinity, exclusiveMin: true };

type ComponentReader<C> = (raw: JsonObject, place: Place) => C;

/**
 * Every component kind some desktop release writes. One of these in a timeline that does not
 * take it is a fault; a kind outside this list is a newer desktop's, kept and counted.
 */
const KNOWN_COMPONENT_KINDS: ReadonlySet<string> = new Set([
  'HIERARCHY',
  'MARKER',
  'BEAT',
  'BEAT_UNIT',
  'HARMONY',
  'MODE',
  'PDF_MARKER',
  'AUDIOWAVE',
  'RANGE',
  'STAFF',
  'CLEF',
  'KEY_SIGNATURE',
  'TIME_SIGNATURE',
  'BAR_LINE',
  'NOTE',
  'SCORE_ANNOTATION',
  'LCMA_FORM',
]);

interface ComponentsRead<C> {
  components: C[];
  /** Components of kinds no desktop release writes: kept raw. */
  others: RawComponent[];
}

/**
 * Components are an object keyed by id in a .tla file and a list without ids in an export.
 * `takes` lists the component kinds the timeline holds (null: any, read raw); a component
 * without a `kind` is taken to be the first of them, except in a harmony timeline, whose chords
 * and keys cannot be told apart without one.
 */
function readComponents<C>(
  raw: JsonObject,
  place: Place,
  timelineKind: TimelineKind,
  takes: readonly string[] | null,
  read: ComponentReader<C>,
): ComponentsRead<C> {
  const container = raw.components;
  const result: ComponentsRead<C> = { components: [], others: [] };
  if (container === undefined || container === null) return result;
  const readOne = (item: unknown, componentId: string | number): void => {
    const componentPlace: Place = { timeline: place.timeline, component: componentId };
    if (!isJsonObject(item)) throw faultAt(componentPlace, 'must be an object');
    if (takes !== null) {
      const kind = componentKind(item, componentPlace);
      if (kind === undefined && timelineKind === 'HARMONY_TIMELINE') {
        throw faultAt(componentPlace, `field 'kind' is missing`);
      }
      if (kind !== undefined && !takes.includes(kind)) {
        if (KNOWN_COMPONENT_KINDS.has(kind))
          throw misplacedKind(kind, timelineKind, componentPlace);
        result.others.push(readRaw(item, componentPlace));
        return;
      }
    }
    result.components.push(read(item, componentPlace));
  };
  if (Array.isArray(container)) {
    checkComponentCount(container.length, place);
    container.forEach(readOne);
  } else if (isJsonObject(container)) {
    const ids = Object.keys(container);
    checkComponentCount(ids.length, place);
    for (const id of ids) readOne(container[id], id);
  } else {
    throw faultAt(place, `field 'components' must be an object or a list`);
  }
  return result;
}

function checkComponentCount(count: number, place: Place): void {
  if (count > MAX_COMPONENTS_PER_TIMELINE) {
    throw faultAt(place, `has more than ${MAX_COMPONENTS_PER_TIMELINE} components`);
  }
}

function componentKind(raw: JsonObject, place: Place): string | undefined {
  const kind = raw.kind;
  if (kind !== undefined && typeof kind !== 'string') {
    throw faultAt(place, `field 'kind' must be a string`);
  }
  return kind;
}

function misplacedKind(kind: string, timelineKind: TimelineKind, place: Place): TlaFault {
  return faultAt(place, `a '${kind}' component does not belong in a ${timelineKind}`);
}

function readHarmonyOrMode(raw: JsonObject, place: Place) {
  return raw.kind === 'MODE' ? readMode(raw, place) : readHarmony(raw, place);
}

function readBeatOrUnit(raw: JsonObject, place: Place): BeatComponent | RawComponent {
  return raw.kind === 'BEAT_UNIT' ? readRaw(raw, place) : readBeat(raw, place);
}

/**
 * A kind this reader does not know (a newer desktop's, or the dev-branch `Lcma`) is kept, as the
 * desktop 0.7 keeps it: nothing about its attributes can be assumed, so nothing here is a fault.
 * Base attributes are taken when they have the usual type; all attributes are kept raw. The
 * components become RawComponents when they are objects with a string or no `kind`; otherwise
 * the container stays, untouched, in `attributes.components`.
 */
function readUnknownTimeline(
  raw: JsonObject,
  kindName: string,
  sourceId: string | null,
  kindKey: string,
): TimelineRead {
  const container = raw.components;
  const items = Array.isArray(container)
    ? container
    : isJsonObject(container)
      ? Object.values(container)
      : [];
  const convertible = items.every(
    (item) => isJsonObject(item) && (item.kind === undefined || typeof item.kind === 'string'),
  );
  const components: RawComponent[] = convertible
    ? items.map((item) => readRaw(item as JsonObject, { timeline: sourceId, component: null }))
    : [];
  const attributes: Record<string, unknown> = {};
  for (const key of Object.keys(raw)) {
    if (key === kindKey || (key === 'components' && convertible)) continue;
    attributes[key] = raw[key];
  }
  const height = raw.height;
  return {
    timeline: {
      sourceId,
      kindName,
      kind: 'UNKNOWN',
      name: typeof raw.name === 'string' ? raw.name : '',
      ordinal: 0,
      isVisible: typeof raw.is_visible === 'boolean' ? raw.is_visible : true,
      height: typeof height === 'number' && Number.isFinite(height) && height >= 0 ? height : null,
      otherComponents: [],
      attributes,
      components,
    },
    ordinalClaim: lenientOrdinalClaim(raw),
  };
}

function lenientOrdinalClaim(raw: JsonObject): number | null {
  const { ordinal, display_position: displayPosition } = raw;
  if (Number.isInteger(ordinal) && (ordinal as number) >= 0) return ordinal as number;
  if (Number.isInteger(displayPosition) && (displayPosition as number) >= 0) {
    return (displayPosition as number) + 1;
  }
  return null;
}
