/**
 * Counts a .tla's components as its bytes stream in, without parsing it: a file over
 * MAX_COMPONENTS is refused while it arrives, instead of being read to the end, stored and parsed
 * first. It follows only the JSON's structure (containers, strings, keys at two depths) and counts
 * the values inside `timelines.<any>.components`, in a desktop save (objects keyed by id) and in
 * an export (lists) alike. Broken JSON is left for the reader to name; this only counts.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

/** Keys are compared only at these depths: the root's ('timelines') and a timeline's. */
const ROOT_DEPTH = 1;
const TIMELINE_DEPTH = 3;
/** Longer keys are none of the two we look for. */
const KEY_ROOM = 16;

/** An indexOf result, with `none` where nothing was found. */
function found(index: number, none: number): number {
  return index < 0 ? none : index;
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

export class ComponentCounter {
  /** Components seen so far. */
  count = 0;
  private depth = 0;
  /** 1 where the container at that depth is an object. */
  private readonly isObject: number[] = [];
  private expectKey = false;
  private expectValue = true;
  private inString = false;
  private escaped = false;
  private capturing = false;
  private readonly key = new Uint8Array(KEY_ROOM);
  private keyLength = 0;
  private rootKey = '';
  private timelineKey = '';
  /** The container at depth 2 is `timelines`; the one at depth 4 a timeline's `components`. */
  private inTimelines = false;
  private inComponents = false;
  /**
   * Where the next quote and backslash are in the chunk being read (its length for none), found
   * again only once passed: looking each up afresh at every backslash made a long string full of
   * escapes cost its length squared.
   */
  private nextQuote = -1;
  private nextBackslash = -1;

  /** Reads the next bytes of the file. */
  push(bytes: Uint8Array): void {
    this.nextQuote = -1;
    this.nextBackslash = -1;
    let i = 0;
    const length = bytes.length;
    while (i < length) {
      if (this.inString) i = this.stringBytes(bytes, i);
      else i = this.structureByte(bytes, i);
    }
  }

  private stringBytes(bytes: Uint8Array, from: number): number {
    let i = from;
    if (this.escaped) {
      this.escaped = false;
      this.keep(bytes[i]!);
      return i + 1;
    }
    if (!this.capturing) {
      // Most of a file is string contents: jump to the next quote or backslash.
      if (this.nextQuote < i) this.nextQuote = found(bytes.indexOf(QUOTE, i), bytes.length);
      if (this.nextBackslash < i) {
        this.nextBackslash = found(bytes.indexOf(BACKSLASH, i), bytes.length);
      }
      i = Math.min(this.nextQuote, this.nextBackslash);
      if (i >= bytes.length) return bytes.length;
    }
    const byte = bytes[i]!;
    if (byte === BACKSLASH) {
      this.escaped = true;
      this.keep(byte);
    } else if (byte === QUOTE) {
      this.inString = false;
      if (this.capturing) this.endKey();
    } else {
      this.keep(byte);
    }
    return i + 1;
  }

  private keep(byte: number): void {
    if (this.capturing && this.keyLength <= KEY_ROOM) {
      if (this.keyLength < KEY_ROOM) this.key[this.keyLength] = byte;
      this.keyLength++;
    }
  }

  private endKey(): void {
    this.capturing = false;
    const key =
      this.keyLength > KEY_ROOM
        ? ''
        : new TextDecoder().decode(this.key.subarray(0, this.keyLength));
    if (this.depth === ROOT_DEPTH) this.rootKey = key;
    else this.timelineKey = key;
  }

  private valueStarts(): void {
    if (!this.expectValue) return;
    this.expectValue = false;
    if (this.inComponents && this.depth === TIMELINE_DEPTH + 1) this.count++;
  }

  private structureByte(bytes: Uint8Array, i: number): number {
    const byte = bytes[i]!;
    if (isSpace(byte)) return i + 1;
    switch (byte) {
      case OPEN_OBJECT:
      case OPEN_ARRAY: {
        this.valueStarts();
        this.depth++;
        this.isObject[this.depth] = byte === OPEN_OBJECT ? 1 : 0;
        if (this.depth === ROOT_DEPTH + 1) this.inTimelines = this.rootKey === 'timelines';
        if (this.depth === TIMELINE_DEPTH + 1) {
          this.inComponents = this.inTimelines && this.timelineKey === 'components';
        }
        this.expectKey = byte === OPEN_OBJECT;
        this.expectValue = byte === OPEN_ARRAY;
        break;
      }
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        if (this.depth === TIMELINE_DEPTH + 1) this.inComponents = false;
        if (this.depth === ROOT_DEPTH + 1) this.inTimelines = false;
        this.depth = Math.max(0, this.depth - 1);
        this.expectKey = false;
        this.expectValue = false;
        break;
      case QUOTE:
        this.inString = true;
        if (this.expectKey && this.isObject[this.depth] === 1) {
          this.expectKey = false;
          this.capturing = this.depth === ROOT_DEPTH || this.depth === TIMELINE_DEPTH;
          this.keyLength = 0;
        } else {
          this.valueStarts();
        }
        break;
      case COLON:
        this.expectValue = true;
        break;
      case COMMA:
        if (this.isObject[this.depth] === 1) this.expectKey = true;
        else this.expectValue = true;
        break;
      default:
        // A number, true, false or null: only its first byte starts a value.
        this.valueStarts();
    }
    return i + 1;
  }
}
