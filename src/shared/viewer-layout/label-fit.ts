import { AVERAGE_GLYPH_WIDTH, LABEL_FONT_SIZE } from './layout-constants';

/**
 * Clips a label to a box width, ending it with an ellipsis when it does not fit. Widths are
 * estimated from an average glyph width, which the worker can do without a font engine; the
 * renderer draws the text as given.
 */
export function fitLabel(text: string, width: number, fontSize = LABEL_FONT_SIZE): string {
  const glyph = fontSize * AVERAGE_GLYPH_WIDTH;
  const room = Math.floor(width / glyph);
  if (room <= 0 || text.length === 0) return '';
  const glyphs = Array.from(text);
  if (glyphs.length <= room) return text;
  if (room === 1) return '';
  return (
    glyphs
      .slice(0, room - 1)
      .join('')
      .trimEnd() + '…'
  );
}

/** Estimated drawn width of a label. */
export function labelWidth(text: string, fontSize = LABEL_FONT_SIZE): number {
  return Array.from(text).length * fontSize * AVERAGE_GLYPH_WIDTH;
}

/** Capitals' width in ems: most are wider than the average glyph (M about 0.86, V 0.68). */
const CAPITAL_GLYPH_WIDTH = 0.8;

/**
 * A label's width allowing for its capitals, for labels set close together (chord names such as
 * 'VM' or 'IIM/V', where the average glyph ran neighbours into each other).
 */
export function spacedLabelWidth(text: string, fontSize = LABEL_FONT_SIZE): number {
  let ems = 0;
  for (const glyph of text) {
    ems += glyph >= 'A' && glyph <= 'Z' ? CAPITAL_GLYPH_WIDTH : AVERAGE_GLYPH_WIDTH;
  }
  return ems * fontSize;
}

/**
 * The width to allow a text label at the data area's right edge, where a wrong guess cuts it:
 * the average glyph underestimates capitals (cadence labels such as PAC) by up to a quarter.
 * Digits are narrower than the average, so numbers need no such allowance.
 */
export function edgeLabelWidth(text: string, fontSize = LABEL_FONT_SIZE): number {
  return labelWidth(text, fontSize) * EDGE_WIDTH_FACTOR;
}

export const EDGE_WIDTH_FACTOR = 1.3;

/** '#rgb', '#rrggbb' or 'rrggbb' -> 0xrrggbb; anything else -> null. */
export function parseColor(color: string | null | undefined): number | null {
  if (!color) return null;
  const hex = color.trim().replace(/^#/, '');
  if (/^[0-9a-f]{6}$/i.test(hex)) return parseInt(hex, 16);
  if (/^[0-9a-f]{3}$/i.test(hex)) {
    return parseInt(
      Array.from(hex)
        .map((digit) => digit + digit)
        .join(''),
      16,
    );
  }
  return null;
}
