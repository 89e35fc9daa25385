/**
 * The keys of one top-level member's object, in the order the JSON text writes them.
 *
 * JSON.parse cannot tell: JavaScript objects enumerate integer-like keys ("0", "2", "10") in
 * numeric order whatever the text says, and .tla timeline ids are exactly such keys. The reader
 * needs the written order only to break ordinal ties the way the desktop (a Python dict, which
 * keeps file order) does, so this scan runs only then.
 *
 * It expects text that JSON.parse has already accepted.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

export function memberKeysInTextOrder(text: string, member: string): string[] | null {
  let depth = 0;
  // Set after the member's key at depth 1, until its value starts.
  let awaitingMemberValue = false;
  let collecting = false;
  let keys: string[] | null = null;
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = stringEnd(text, i);
      const isKey = nextSignificant(text, end) === COLON;
      if (isKey && depth === 1) {
        awaitingMemberValue = JSON.parse(text.slice(i, end)) === member;
      } else if (isKey && depth === 2 && collecting) {
        keys?.push(JSON.parse(text.slice(i, end)) as string);
      } else {
        awaitingMemberValue = false;
      }
      i = end;
      continue;
    }
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
      if (depth === 2 && awaitingMemberValue && code === OPEN_BRACE) {
        // A repeated member restarts the list: JSON.parse keeps the last one.
        collecting = true;
        keys = [];
      }
      awaitingMemberValue = false;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
      if (depth < 2) collecting = false;
    } else if (code !== COLON && !isWhitespace(code)) {
      awaitingMemberValue = false;
    }
    i++;
  }
  return keys;
}

/** Index just past the closing quote of the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

function nextSignificant(text: string, from: number): number {
  let i = from;
  while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
  return text.charCodeAt(i);
}

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}
