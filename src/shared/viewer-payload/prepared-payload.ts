import type { ComponentJson, ViewerFileJson } from '../api-types';
import type { HarmonyLabel, HarmonyLabelLookup } from '../viewer-layout/harmony-runs';
import { TimelineHeightError } from '../viewer-layout/timeline-height-error';
import {
  prepareFile,
  type PrepareOptions,
  type PreparedFile,
  type PreparedTimeline,
} from '../viewer-layout/viewer-document';

/**
 * The viewer's binary form of a file: the file as the file worker holds it once prepared
 * (viewer-document.ts), written once when the file is stored. Opening it costs a small JSON parse
 * and views over typed arrays, where the viewer JSON costs a parse of megabytes and the prepare
 * step on every load. Each timeline's components stay JSON, parsed only when something asks for
 * them (the inspector, the table view, CSV): drawing needs none of them.
 *
 * Bytes, integers little-endian:
 *   0   'TLVP'
 *   4   u32 format version (PREPARED_PAYLOAD_VERSION)
 *   8   u32 header length H
 *   12  header JSON, UTF-8: the prepared file and the viewer JSON with every typed array and
 *       every component list replaced by where its bytes are; zeros up to a multiple of 8
 *   ..  the blocks: each typed array's bytes at a multiple of 8 from the payload's start, each
 *       timeline's components as UTF-8 JSON
 *
 * The version names the prepared form as well as the layout of the bytes: whatever changes what
 * prepareFile gives must raise it, and the server rebuilds stored payloads of another version
 * (prepared-payload.test.ts keeps a fingerprint of the prepared form of a fixture to remind).
 */
export const PREPARED_PAYLOAD_VERSION = 2;

export type OpenError = 'timeline-height' | 'invalid-file';

export type OpenedFile =
  | { ok: true; file: PreparedFile; json: ViewerFileJson }
  | { ok: false; error: OpenError; message: string };

export const UNREADABLE_FILE = 'The file data could not be read.';

/** 'TLVP' read as a little-endian u32. */
const MAGIC = 0x50564c54;
const PREFIX_BYTES = 12;
const ALIGN = 8;

const TYPED_ARRAYS = {
  Float64Array,
  Float32Array,
  Int32Array,
  Uint32Array,
  Int16Array,
  Uint16Array,
  Int8Array,
  Uint8Array,
} as const;
type TypedName = keyof typeof TYPED_ARRAYS;
type TypedArray = InstanceType<(typeof TYPED_ARRAYS)[TypedName]>;

/**
 * Where a typed array's elements are: `at` bytes into the blocks. An Int32Array (component
 * indices, measure numbers) is stored as the differences between neighbours (`delta`): mostly
 * ones and small steps, which gzip shrinks to almost nothing where the plain values stay large.
 */
interface TypedRef {
  $typed: TypedName;
  at: number;
  length: number;
  delta?: true;
}

/** A timeline's components: blob `$components` of the header's list. */
interface ComponentsRef {
  $components: number;
}

/** A harmony timeline's drawn labels, worked out for every component when it is stored. */
interface HarmonyLabelColumns {
  main: string[];
  /** Each label's figures, top to bottom, joined by a line feed. */
  figures: string[];
  after: string[];
  width: Float64Array;
}

type StoredTimeline = Omit<PreparedTimeline, 'harmonyLabels'> & {
  harmonyLabelColumns?: HarmonyLabelColumns;
};

type StoredHeader =
  | { error: OpenError; message: string }
  | {
      file: { header: PreparedFile['header']; timelines: StoredTimeline[] };
      json: ViewerFileJson;
      /** Each component blob: [offset into the blocks, byte length]. */
      blobs: [number, number][];
    };

/** The prepared file of a viewer JSON, or why the viewer cannot show it. */
export function prepareViewerJson(json: ViewerFileJson, options: PrepareOptions = {}): OpenedFile {
  try {
    return { ok: true, file: prepareFile(json, options), json };
  } catch (error) {
    if (error instanceof TimelineHeightError) {
      return { ok: false, error: 'timeline-height', message: error.message };
    }
    return { ok: false, error: 'invalid-file', message: UNREADABLE_FILE };
  }
}

/** Appends byte blocks, each at a multiple of 8 from the first. */
class BlockWriter {
  private readonly parts: Uint8Array[] = [];
  private size = 0;

  add(bytes: Uint8Array): number {
    const padding = (ALIGN - (this.size % ALIGN)) % ALIGN;
    if (padding > 0) this.parts.push(new Uint8Array(padding));
    const at = this.size + padding;
    this.parts.push(bytes);
    this.size = at + bytes.byteLength;
    return at;
  }

  typed(array: ArrayBufferView): TypedRef {
    const name = array.constructor.name;
    if (!(name in TYPED_ARRAYS)) throw new Error(`${name} cannot be stored in a payload.`);
    const length = (array as TypedArray).length;
    if (array instanceof Int32Array) {
      const deltas = new Int32Array(length);
      for (let i = 0; i < length; i++) deltas[i] = (array[i]! - (i > 0 ? array[i - 1]! : 0)) | 0;
      return {
        $typed: 'Int32Array',
        at: this.add(new Uint8Array(deltas.buffer)),
        length,
        delta: true,
      };
    }
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    return { $typed: name as TypedName, at: this.add(bytes), length };
  }

  get bytes(): Uint8Array[] {
    return this.parts;
  }

  get byteLength(): number {
    return this.size;
  }
}

function harmonyColumns(count: number, lookup: HarmonyLabelLookup): HarmonyLabelColumns {
  const columns: HarmonyLabelColumns = {
    main: [],
    figures: [],
    after: [],
    width: new Float64Array(count),
  };
  for (let index = 0; index < count; index++) {
    const label = lookup(index);
    columns.main.push(label?.main ?? '');
    columns.figures.push(label?.figures.join('\n') ?? '');
    columns.after.push(label?.after ?? '');
    columns.width[index] = label?.width ?? 0;
  }
  return columns;
}

function storedTimeline(timeline: PreparedTimeline): StoredTimeline {
  const { harmonyLabels, ...stored } = timeline;
  if (!harmonyLabels) return stored;
  return {
    ...stored,
    harmonyLabelColumns: harmonyColumns(timeline.components.length, harmonyLabels),
  };
}

/** The payload of a viewer JSON: prepared here, once, for every later load. */
export function encodePreparedPayload(json: ViewerFileJson): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const blocks = new BlockWriter();
  const opened = prepareViewerJson(json);
  if (!opened.ok) {
    const header: StoredHeader = { error: opened.error, message: opened.message };
    return assemble(encoder.encode(JSON.stringify(header)), blocks);
  }
  const blobOf = new Map<unknown, number>();
  const blobs: [number, number][] = [];
  for (const timeline of json.timelines) {
    const bytes = encoder.encode(JSON.stringify(timeline.components));
    blobOf.set(timeline.components, blobs.length);
    blobs.push([blocks.add(bytes), bytes.byteLength]);
  }
  const { header: fileHeader, timelines } = opened.file;
  const header: StoredHeader = {
    file: { header: fileHeader, timelines: timelines.map(storedTimeline) },
    json,
    blobs,
  };
  // A prepared timeline shares its component list with its timeline in the JSON: one blob.
  const text = JSON.stringify(header, (_key, value: unknown) => {
    if (ArrayBuffer.isView(value)) return blocks.typed(value);
    const blob = blobOf.get(value);
    return blob === undefined ? value : ({ $components: blob } satisfies ComponentsRef);
  });
  return assemble(encoder.encode(text), blocks);
}

function assemble(headerBytes: Uint8Array, blocks: BlockWriter): Uint8Array<ArrayBuffer> {
  const blocksAt = alignUp(PREFIX_BYTES + headerBytes.byteLength);
  const out = new Uint8Array(blocksAt + blocks.byteLength);
  const prefix = new DataView(out.buffer);
  prefix.setUint32(0, MAGIC, true);
  prefix.setUint32(4, PREPARED_PAYLOAD_VERSION, true);
  prefix.setUint32(8, headerBytes.byteLength, true);
  out.set(headerBytes, PREFIX_BYTES);
  let at = blocksAt;
  for (const part of blocks.bytes) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

const alignUp = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

function asBytes(bytes: ArrayBuffer | Uint8Array): Uint8Array {
  return bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
}

/** Whether the bytes are a prepared payload (of any version) rather than viewer JSON. */
export function isPreparedPayload(bytes: ArrayBuffer | Uint8Array): boolean {
  const view = asBytes(bytes);
  if (view.byteLength < PREFIX_BYTES) return false;
  return new DataView(view.buffer, view.byteOffset, 4).getUint32(0, true) === MAGIC;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

class PayloadError extends Error {}

/** Reads a payload into the prepared file and its JSON: no step is proportional to the file. */
export function openPreparedPayload(bytes: ArrayBuffer | Uint8Array): OpenedFile {
  try {
    return readPayload(bytes);
  } catch (error) {
    if (error instanceof PayloadError || error instanceof SyntaxError) {
      return { ok: false, error: 'invalid-file', message: UNREADABLE_FILE };
    }
    throw error;
  }
}

function readPayload(bytes: ArrayBuffer | Uint8Array): OpenedFile {
  let view = asBytes(bytes);
  // Typed arrays need their elements aligned: a payload at an odd place is copied once.
  if (view.byteOffset % ALIGN !== 0) view = view.slice();
  const prefix = new DataView(view.buffer, view.byteOffset, view.byteLength);
  if (!LITTLE_ENDIAN || !isPreparedPayload(view)) throw new PayloadError('not a payload');
  if (prefix.getUint32(4, true) !== PREPARED_PAYLOAD_VERSION) throw new PayloadError('version');
  const headerLength = prefix.getUint32(8, true);
  if (PREFIX_BYTES + headerLength > view.byteLength) throw new PayloadError('header');
  const header = JSON.parse(
    new TextDecoder().decode(view.subarray(PREFIX_BYTES, PREFIX_BYTES + headerLength)),
  ) as StoredHeader;
  if ('error' in header) {
    const error: OpenError = header.error === 'timeline-height' ? header.error : 'invalid-file';
    return { ok: false, error, message: String(header.message) };
  }
  const blocksAt = alignUp(PREFIX_BYTES + headerLength);
  const blocks = view.subarray(blocksAt);
  if (!Array.isArray(header.file?.timelines) || !Array.isArray(header.json?.timelines)) {
    throw new PayloadError('shape');
  }
  restoreTyped(header.file, blocks);
  const blobs = componentBlobs(header.blobs, blocks);
  for (const timeline of header.json.timelines) lazyComponents(timeline, blobs);
  const timelines = header.file.timelines.map((stored): PreparedTimeline => {
    const { harmonyLabelColumns, ...rest } = stored;
    const timeline: PreparedTimeline = rest;
    if (harmonyLabelColumns) timeline.harmonyLabels = harmonyLookup(harmonyLabelColumns);
    // Last: copying an object (a spread) would read its components.
    lazyComponents(timeline, blobs);
    return timeline;
  });
  return { ok: true, file: { header: header.file.header, timelines }, json: header.json };
}

/** Replaces, in place, every typed array reference below `value` with a view of its bytes. */
function restoreTyped(value: unknown, blocks: Uint8Array): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (typeof value[i] === 'object') value[i] = restoreTyped(value[i], blocks);
    }
    return value;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.$typed === 'string') return typedView(record, blocks);
  for (const key of Object.keys(record)) {
    if (typeof record[key] === 'object') record[key] = restoreTyped(record[key], blocks);
  }
  return record;
}

function typedView(ref: Record<string, unknown>, blocks: Uint8Array): TypedArray {
  const { $typed: name, at, length } = ref;
  if (typeof name !== 'string' || !Object.hasOwn(TYPED_ARRAYS, name)) {
    throw new PayloadError('array type');
  }
  const Typed = TYPED_ARRAYS[name as TypedName];
  if (!isCount(at) || !isCount(length)) throw new PayloadError('array place');
  const start = blocks.byteOffset + at;
  if (
    start % Typed.BYTES_PER_ELEMENT !== 0 ||
    at + length * Typed.BYTES_PER_ELEMENT > blocks.byteLength
  ) {
    throw new PayloadError('array bounds');
  }
  // A view, not a copy; a SharedArrayBuffer would serve as well as the ArrayBuffer typed here.
  const view = new Typed(blocks.buffer as ArrayBuffer, start, length);
  if (ref.delta !== true) return view;
  if (!(view instanceof Int32Array)) throw new PayloadError('delta type');
  const values = new Int32Array(length);
  let value = 0;
  for (let i = 0; i < length; i++) {
    value = (value + view[i]!) | 0;
    values[i] = value;
  }
  return values;
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

interface ComponentBlobs {
  count: number;
  /** A blob's components, parsed the first time they are asked for and kept. */
  read(blob: number): ComponentJson[];
}

function componentBlobs(blobs: unknown, blocks: Uint8Array): ComponentBlobs {
  if (!Array.isArray(blobs)) throw new PayloadError('blobs');
  const places = blobs.map((place: unknown) => {
    const [at, length] = Array.isArray(place) ? (place as unknown[]) : [];
    if (!isCount(at) || !isCount(length) || at + length > blocks.byteLength) {
      throw new PayloadError('blob bounds');
    }
    return { at, length };
  });
  const parsed: ComponentJson[][] = [];
  const decoder = new TextDecoder();
  return {
    count: places.length,
    read(blob) {
      const cached = parsed[blob];
      if (cached) return cached;
      const { at, length } = places[blob]!;
      const list = JSON.parse(decoder.decode(blocks.subarray(at, at + length))) as unknown;
      // Bytes the server wrote and checked: anything else is a broken payload, and stays empty.
      parsed[blob] = Array.isArray(list) ? (list as ComponentJson[]) : [];
      return parsed[blob];
    },
  };
}

/** Makes `target.components` read its blob when first asked for. */
function lazyComponents(target: object, blobs: ComponentBlobs): void {
  const ref = (target as { components?: unknown }).components as ComponentsRef | undefined;
  const blob = ref?.$components;
  if (!isCount(blob) || blob >= blobs.count) throw new PayloadError('components ref');
  Object.defineProperty(target, 'components', {
    get: () => blobs.read(blob),
    enumerable: true,
    configurable: true,
  });
}

function harmonyLookup(columns: HarmonyLabelColumns): HarmonyLabelLookup {
  const labels: (HarmonyLabel | undefined)[] = [];
  return (index) => {
    const cached = labels[index];
    if (cached) return cached;
    const main = columns.main[index];
    if (main === undefined) return undefined;
    const figures = columns.figures[index];
    labels[index] = {
      main,
      figures: figures ? figures.split('\n') : [],
      after: columns.after[index] ?? '',
      width: columns.width[index] ?? 0,
    };
    return labels[index];
  };
}
