/**
 * Reads a .tla file, or a desktop JSON export, into one normalised TlaDocument.
 * Every variant of TLA-FORMAT.md is accepted; a broken file throws TlaReadError naming the file
 * and the fault. Runtime-free (no DOM, no Node): the server, the workers and the browser's local
 * viewer all use it.
 */
import { TlaReadError, type TlaDocument, type TlaTimeline } from './tla-model';
import { isJsonObject, stringField, TlaFault, TOP_LEVEL, type JsonObject } from './tla-fields';
import { inspectJsonTree } from './json-guard';
import { jsonErrorPosition } from './json-position';
import { memberKeysInTextOrder } from './json-key-order';
import { MAX_TEXT_LENGTH, MAX_TIMELINES } from './tla-limits';
import { needsFileOrder, normaliseOrdinals } from './tla-ordinals';
import { readTimeline } from './tla-timelines';

export function readTla(input: Uint8Array | string, fileName: string): TlaDocument {
  try {
    return readDocument(decodeText(input));
  } catch (error) {
    if (error instanceof TlaFault) throw new TlaReadError(fileName, error.message);
    throw error;
  }
}

const BYTE_ORDER_MARK = 0xfeff;

function decodeText(input: Uint8Array | string): string {
  if (input.length > MAX_TEXT_LENGTH) {
    throw new TlaFault(`too large (over ${MAX_TEXT_LENGTH / (1024 * 1024)} MiB)`);
  }
  if (typeof input === 'string') {
    return input.charCodeAt(0) === BYTE_ORDER_MARK ? input.slice(1) : input;
  }
  try {
    // fatal: reject invalid bytes instead of turning them into U+FFFD. The BOM is dropped.
    return new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    throw new TlaFault('not valid UTF-8 text');
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // Engines with a recursive parser run out of stack on very deep nesting.
    if (error instanceof RangeError) throw new TlaFault('nested too deeply');
    if (text.trim() === '') throw new TlaFault('not valid JSON (the file is empty)');
    const position = jsonErrorPosition(error, text);
    throw new TlaFault(
      position === null
        ? 'not valid JSON'
        : `not valid JSON (line ${position.line}, column ${position.column})`,
    );
  }
}

function readDocument(text: string): TlaDocument {
  const root = parseJson(text);
  const inspection = inspectJsonTree(root);
  if (!isJsonObject(root)) throw new TlaFault('the top level must be a JSON object');
  if (isDraftDocument(root)) {
    throw new TlaFault(
      'this is the unreleased 1.0 draft format; save it from TiLiA 0.7 to upload it',
    );
  }

  const { format, timelines } = readTimelines(root, text);
  const mediaMetadata = readMediaMetadata(root);
  const version = root.version;
  if (version !== undefined && version !== null && typeof version !== 'string') {
    throw new TlaFault(`field 'version' must be a string`);
  }
  if (inspection.firstNonFinite !== null) {
    // Fields the reader uses have already been checked by name; this is one it ignores or
    // passes on raw (metadata, unknown kinds), where Infinity would turn into null later.
    throw new TlaFault(`number out of range at ${inspection.firstNonFinite}`);
  }
  return {
    format,
    version: version ?? null,
    mediaPath: stringField(root, 'media_path', TOP_LEVEL),
    mediaMetadata,
    mediaLength: mediaLengthOf(mediaMetadata),
    timelines,
  };
}

/**
 * A desktop file keys its timelines by id (an object); an export lists them without ids. That is
 * the one reliable difference between the formats: exports have no version or app_name, but a
 * hand-made or tool-made .tla may lack them too.
 */
function readTimelines(
  root: JsonObject,
  text: string,
): { format: TlaDocument['format']; timelines: TlaTimeline[] } {
  const value = root.timelines;
  if (value === undefined || value === null) throw new TlaFault(`field 'timelines' is missing`);
  const isList = Array.isArray(value);
  if (!isList && !isJsonObject(value)) {
    throw new TlaFault(`field 'timelines' must be an object or a list`);
  }
  // No timelines at all is a file the desktop app opens (a new file, an export of one): kept.
  const ids: (string | number)[] = isList ? value.map((_, index) => index) : Object.keys(value);
  if (ids.length > MAX_TIMELINES) throw new TlaFault(`more than ${MAX_TIMELINES} timelines`);

  const reads = ids.map((id) =>
    readTimeline(isList ? value[id as number] : (value as JsonObject)[id as string], id),
  );
  const requests = reads.map((read, index) => ({ claim: read.ordinalClaim, fileIndex: index }));
  if (!isList && needsFileOrder(requests)) {
    const textOrder = new Map<string, number>();
    for (const key of memberKeysInTextOrder(text, 'timelines') ?? []) {
      if (!textOrder.has(key)) textOrder.set(key, textOrder.size);
    }
    requests.forEach((request, index) => {
      request.fileIndex = textOrder.get(ids[index] as string) ?? textOrder.size + index;
    });
  }
  const ordinals = normaliseOrdinals(requests);
  const timelines = reads.map((read, index) => {
    read.timeline.ordinal = ordinals[index] ?? index + 1;
    return read.timeline;
  });
  timelines.sort((a, b) => a.ordinal - b.ordinal);
  return { format: isList ? 'export' : 'tla', timelines };
}

/**
 * Upstream's unreleased document model (`tilia-core`, version "1.0.0-draft.1"): a different
 * shape altogether (`document_id`, `time_unit`, `media{}`, `metadata`, sparse components), which
 * no desktop release writes. Told apart by its version's major number, or by its own keys.
 */
function isDraftDocument(root: JsonObject): boolean {
  const version = root.version;
  if (typeof version === 'string') {
    const major = Number.parseInt(version, 10);
    if (major >= 1 && (/draft/i.test(version) || 'document_id' in root || 'time_unit' in root)) {
      return true;
    }
  }
  return (
    typeof root.document_id === 'string' &&
    'time_unit' in root &&
    !('media_metadata' in root) &&
    !('file_path' in root)
  );
}

function readMediaMetadata(root: JsonObject): Record<string, unknown> {
  const metadata = root.media_metadata;
  if (metadata === undefined || metadata === null) return {};
  if (!isJsonObject(metadata)) throw new TlaFault(`field 'media_metadata' must be an object`);
  return metadata;
}

/** A plain decimal such as "214" or "214.0": no sign, exponent, hex or blank. */
const DECIMAL_TEXT = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * The desktop writes `media length` as a number of seconds. A decimal string is accepted too:
 * every other metadata value is a string, and tools that rewrite files may stringify it. Anything
 * else (the old `audio_length: ""`, a negative or non-finite value) means "unknown", not a fault,
 * because the desktop learns the real duration from the media anyway.
 */
function mediaLengthOf(metadata: Record<string, unknown>): number | null {
  const value = metadata['media length'];
  let seconds = Number.NaN;
  if (typeof value === 'number') seconds = value;
  else if (typeof value === 'string' && DECIMAL_TEXT.test(value.trim())) seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}
