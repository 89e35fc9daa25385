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
  byTime,
  readAudiowave,
  readBeat,
  readHarmony,
  readHierarchy,
  readMarker,
  readMode,
  readPdfMarker,
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
    case 'HIERARCHY_TIMELINE':
      return {
        ...base,
        kind,
        components: readComponents(raw, place, only('HIERARCHY', kind, readHierarchy)).sort(
          byLevelThenStart,
        ),
      };
    case 'MARKER_TIMELINE':
      return {
        ...base,
        kind,
        components: readComponents(raw, place, only('MARKER', kind, readMarker)).sort(byTime),
      };
    case 'BEAT_TIMELINE': {
      const beatPattern = integerListField(
        raw,
        'beat_pattern',
        place,
        { min: 1, max: Infinity },
        [4],
      );
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
        components: readComponents(raw, place, only('BEAT', kind, readBeat)).sort(byTime),
      };
    }
    case 'HARMONY_TIMELINE': {
      const levelHeight = numberField(raw, 'level_height', place, POSITIVE, 35);
      const visibleLevelCount = integerField(raw, 'visible_level_count', place, AT_LEAST_ONE, 2);
      return {
        ...base,
        kind,
        // A harmony timeline stores no height: the desktop draws visible levels x level height.
        height: base.height ?? visibleLevelCount * levelHeight,
        levelCount: integerField(raw, 'level_count', place, { min: 1, max: 2 }, 1),
        levelHeight,
        visibleLevelCount,
        components: readComponents(raw, place, readHarmonyOrMode).sort(byLevelThenTime),
      };
    }
    case 'AUDIOWAVE_TIMELINE':
      return {
        ...base,
        kind,
        components: readComponents(raw, place, only('AUDIOWAVE', kind, readAudiowave)).sort(
          byStart,
        ),
      };
    case 'PDF_TIMELINE':
      return {
        ...base,
        kind,
        // The desktop requires a path; a file without one can still show its page markers.
        path: stringField(raw, 'path', place),
        components: readComponents(raw, place, only('PDF_MARKER', kind, readPdfMarker)).sort(
          byTime,
        ),
      };
    case 'SLIDER_TIMELINE':
      // A slider has no components; the desktop always writes `{}` and reads nothing back.
      return { ...base, kind, components: [] };
    case 'SCORE_TIMELINE':
      // Not drawn by the web platform; svg_data and viewer_beat_x are left out on purpose.
      return { ...base, kind, components: readComponents(raw, place, readRaw) };
    default: {
      const unreachable: never = kind;
      throw new Error(`unhandled timeline kind ${String(unreachable)}`);
    }
  }
}

const ANY_INTEGER = { min: -Infinity, max: Infinity };
const AT_LEAST_ONE = { min: 1, max: Infinity };
const POSITIVE = { min: 0, max: Infinity, exclusiveMin: true };

type ComponentReader<C> = (raw: JsonObject, place: Place) => C;

/** Components are an object keyed by id in a .tla file and a list without ids in an export. */
function readComponents<C>(raw: JsonObject, place: Place, read: ComponentReader<C>): C[] {
  const container = raw.components;
  if (container === undefined || container === null) return [];
  const components: C[] = [];
  const readOne = (item: unknown, componentId: string | number): void => {
    const componentPlace: Place = { timeline: place.timeline, component: componentId };
    if (!isJsonObject(item)) throw faultAt(componentPlace, 'must be an object');
    components.push(read(item, componentPlace));
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
  return components;
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

/** For timelines of one component kind, a missing component `kind` is taken to be that one. */
function only<C>(
  expected: string,
  timelineKind: TimelineKind,
  read: ComponentReader<C>,
): ComponentReader<C> {
  return (raw, place) => {
    const kind = componentKind(raw, place);
    if (kind !== undefined && kind !== expected) throw misplacedKind(kind, timelineKind, place);
    return read(raw, place);
  };
}

function readHarmonyOrMode(raw: JsonObject, place: Place) {
  const kind = componentKind(raw, place);
  if (kind === 'HARMONY') return readHarmony(raw, place);
  if (kind === 'MODE') return readMode(raw, place);
  if (kind === undefined) throw faultAt(place, `field 'kind' is missing`);
  throw misplacedKind(kind, 'HARMONY_TIMELINE', place);
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
