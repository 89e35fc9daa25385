import { cssColor } from '../viewer-layout/layout-constants';

/** Colour strings, made once per colour: setting a style is most of a small rectangle's cost. */
const colorStrings = new Map<number, string>();

/** The CSS colour of a 0xRRGGBB number, as the painters set it as a style. */
export function colorString(color: number): string {
  let text = colorStrings.get(color);
  if (text === undefined) {
    text = cssColor(color);
    colorStrings.set(color, text);
  }
  return text;
}
