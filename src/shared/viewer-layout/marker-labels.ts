import { MARKER_HALF_WIDTH, SMALL_LABEL_FONT_SIZE } from './layout-constants';
import { EDGE_WIDTH_FACTOR, edgeLabelWidth, fitLabel } from './label-fit';

export interface PlacedMarkerLabel {
  /** The text's left edge, viewport px. */
  x: number;
  text: string;
}

/** Between a marker's triangle and its label. */
const LABEL_GAP = 2;
/** The last marker's label may run this far when nothing follows it. */
const LAST_LABEL_ROOM = 200;

/**
 * Where each marker's label is drawn, given the markers' x (sorted, viewport px) and labels. A
 * label goes right of its marker, cut to end before the next marker. One that would cross the
 * data area's right edge goes left of its marker instead, after the label before it, when it
 * shows more of its text there; either way it ends inside the data area, never cut by its edge.
 */
export function markerLabels(
  xs: readonly number[],
  labels: readonly string[],
  viewportWidth: number,
  size = SMALL_LABEL_FONT_SIZE,
): (PlacedMarkerLabel | null)[] {
  const placed: (PlacedMarkerLabel | null)[] = [];
  /** The right end of the last label placed, for a label moved left to keep clear of. */
  let previousEnd = 0;
  xs.forEach((x, n) => {
    const label = labels[n] ?? '';
    const right = x + MARKER_HALF_WIDTH + LABEL_GAP;
    const nextX = xs[n + 1] ?? x + LAST_LABEL_ROOM;
    const room = nextX - right - LABEL_GAP;
    const edgeRoom = (viewportWidth - right) / EDGE_WIDTH_FACTOR;
    let text = fitLabel(label, Math.min(room, edgeRoom), size);
    let at = right;
    if (edgeRoom < room && text !== label) {
      const leftEnd = x - MARKER_HALF_WIDTH - LABEL_GAP;
      const leftRoom = Math.min(leftEnd, leftEnd - previousEnd - LABEL_GAP) / EDGE_WIDTH_FACTOR;
      const leftText = fitLabel(label, leftRoom, size);
      if (leftText.length > text.length) {
        text = leftText;
        at = leftEnd - edgeLabelWidth(leftText, size);
      }
    }
    if (!text) {
      placed.push(null);
      return;
    }
    placed.push({ x: at, text });
    previousEnd = at + edgeLabelWidth(text, size);
  });
  return placed;
}
