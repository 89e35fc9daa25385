/**
 * Where JSON.parse gave up, as a line and column a person can look up in an editor.
 *
 * The engines word their errors differently: V8 (Node 20, Chrome) says "at position N" or
 * "Unexpected end of JSON input", Firefox says "at line L column C", and Safari gives no place at
 * all. Only the message is available, so this reads whichever form is there and returns null
 * when there is none.
 */

export interface TextPosition {
  /** 1-based */
  line: number;
  /** 1-based, counted in UTF-16 code units like the engine's offset */
  column: number;
}

const LF = 0x0a;
const CR = 0x0d;

export function jsonErrorPosition(error: unknown, text: string): TextPosition | null {
  const message = error instanceof Error ? error.message : '';
  const offset = /at position (\d+)/.exec(message);
  if (offset?.[1] !== undefined) {
    return positionAtOffset(text, Math.min(Number(offset[1]), text.length));
  }
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn?.[1] !== undefined && lineColumn[2] !== undefined) {
    return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  }
  if (/unexpected end/i.test(message)) {
    return positionAtOffset(text, text.length);
  }
  return null;
}

/** Line breaks are LF, CRLF or a lone CR, the ones editors count. */
export function positionAtOffset(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const code = text.charCodeAt(i);
    if (code === LF || (code === CR && text.charCodeAt(i + 1) !== LF)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
