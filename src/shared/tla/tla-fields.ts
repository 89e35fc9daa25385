/**
 * Typed access to the fields of parsed .tla JSON. Every reader names the field and where it is
 * when the value has the wrong type, so a user can find the fault in the file.
 *
 * Optional fields treat `null` like a missing key and take the desktop constructor's default:
 * the desktop passes what it finds straight to the constructors, and tools write `null` for
 * "not set" (a hierarchy's `pre_start: null` means "same as start" there too).
 */

/** A fault in the file. readTla turns it into a TlaReadError that names the file. */
export class TlaFault extends Error {
  override readonly name = 'TlaFault';
}

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Where a value sits. A string is the key in a .tla object (shown quoted), a number is the
 * 0-based index in an export's list (shown 1-based as "#n"). Kept raw so that the label is only
 * built when there is a fault: a file can hold tens of thousands of components.
 */
export interface Place {
  timeline: string | number | null;
  component: string | number | null;
}

export const TOP_LEVEL: Place = { timeline: null, component: null };

function label(id: string | number): string {
  return typeof id === 'number' ? `#${id + 1}` : `'${id}'`;
}

function describePlace(place: Place): string {
  const parts: string[] = [];
  if (place.timeline !== null) parts.push(`timeline ${label(place.timeline)}`);
  if (place.component !== null) parts.push(`component ${label(place.component)}`);
  return parts.join(' ');
}

export function faultAt(place: Place, message: string): TlaFault {
  const where = describePlace(place);
  return new TlaFault(where === '' ? message : `${where}: ${message}`);
}

function fieldFault(place: Place, key: string, expectation: string): TlaFault {
  return faultAt(place, `field '${key}' ${expectation}`);
}

function missing(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

function isFiniteNumber(value: unknown): value is number {
  // JSON.parse turns 1e309 into Infinity: that is an overflow, not a usable number.
  return typeof value === 'number' && Number.isFinite(value);
}

/** A time in seconds: a finite number, not negative. `fallback` undefined makes it required. */
export function timeField(obj: JsonObject, key: string, place: Place, fallback?: number): number {
  const value = obj[key];
  if (missing(value) && fallback !== undefined) return fallback;
  if (value === undefined) throw fieldFault(place, key, 'is missing');
  if (!isFiniteNumber(value)) throw fieldFault(place, key, 'must be a number');
  if (value < 0) throw fieldFault(place, key, 'must not be negative');
  return value;
}

/** A finite number in [min, max]. `fallback` undefined makes it required. */
export function numberField(
  obj: JsonObject,
  key: string,
  place: Place,
  range: { min: number; max: number; exclusiveMin?: boolean },
  fallback?: number,
): number {
  const value = obj[key];
  if (missing(value) && fallback !== undefined) return fallback;
  if (value === undefined) throw fieldFault(place, key, 'is missing');
  if (!isFiniteNumber(value)) throw fieldFault(place, key, 'must be a number');
  const aboveMin = range.exclusiveMin === true ? value > range.min : value >= range.min;
  if (!aboveMin || value > range.max) {
    throw fieldFault(place, key, `must be ${describeRange('a number', range)}`);
  }
  return value;
}

/** An integer in [min, max] (either bound may be infinite). `fallback` undefined makes it required. */
export function integerField(
  obj: JsonObject,
  key: string,
  place: Place,
  range: { min: number; max: number },
  fallback?: number,
): number {
  const value = obj[key];
  if (missing(value) && fallback !== undefined) return fallback;
  if (value === undefined) throw fieldFault(place, key, 'is missing');
  if (!isInteger(value, range)) {
    throw fieldFault(place, key, `must be ${describeRange('an integer', range)}`);
  }
  return value;
}

function isInteger(value: unknown, range: { min: number; max: number }): value is number {
  return (
    Number.isInteger(value) && (value as number) >= range.min && (value as number) <= range.max
  );
}

function describeRange(
  what: string,
  range: { min: number; max: number; exclusiveMin?: boolean },
): string {
  const lowerOpen = range.min === -Infinity;
  const upperOpen = range.max === Infinity;
  if (lowerOpen && upperOpen) return what;
  if (upperOpen) return `${what} ${range.exclusiveMin === true ? '>' : '>='} ${range.min}`;
  if (lowerOpen) return `${what} <= ${range.max}`;
  return `${what} from ${range.min} to ${range.max}`;
}

export function stringField(obj: JsonObject, key: string, place: Place, fallback = ''): string {
  const value = obj[key];
  if (missing(value)) return fallback;
  if (typeof value !== 'string') throw fieldFault(place, key, 'must be a string');
  return value;
}

export function requiredStringField(obj: JsonObject, key: string, place: Place): string {
  const value = obj[key];
  if (value === undefined) throw fieldFault(place, key, 'is missing');
  if (typeof value !== 'string') throw fieldFault(place, key, 'must be a string');
  return value;
}

/** A colour: `null` and `""` both mean "the default colour" in the desktop, so both become null. */
export function colorField(obj: JsonObject, key: string, place: Place): string | null {
  const value = obj[key];
  if (missing(value) || value === '') return null;
  if (typeof value !== 'string') throw fieldFault(place, key, 'must be a string or null');
  return value;
}

export function booleanField(
  obj: JsonObject,
  key: string,
  place: Place,
  fallback: boolean,
): boolean {
  const value = obj[key];
  if (missing(value)) return fallback;
  if (typeof value !== 'boolean') throw fieldFault(place, key, 'must be true or false');
  return value;
}

export function choiceField<T extends string>(
  obj: JsonObject,
  key: string,
  place: Place,
  choices: readonly T[],
  fallback: T,
): T {
  const value = obj[key];
  if (missing(value)) return fallback;
  if (!choices.includes(value as T)) {
    throw fieldFault(place, key, `must be one of ${choices.map((c) => `'${c}'`).join(', ')}`);
  }
  return value as T;
}

/** A list of integers in [min, max]. */
export function integerListField(
  obj: JsonObject,
  key: string,
  place: Place,
  range: { min: number; max: number },
  fallback: number[],
): number[] {
  const value = obj[key];
  if (missing(value)) return fallback;
  if (!Array.isArray(value) || !value.every((item) => isInteger(item, range))) {
    throw fieldFault(place, key, `must be a list of ${describeRange('integers', range)}`);
  }
  return value as number[];
}

/** A non-negative height in pixels, or null when the file has none. */
export function heightField(obj: JsonObject, place: Place): number | null {
  const value = obj.height;
  if (missing(value)) return null;
  return numberField(obj, 'height', place, { min: 0, max: Infinity });
}
