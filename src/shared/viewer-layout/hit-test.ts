import type { TimelineDrawing } from './view-layout';

/**
 * The component under a point of a timeline's drawing (x in viewport px, y from the timeline's
 * top), or null. Where hit areas overlap (dense points), the one whose centre is nearest wins.
 */
export function hitComponent(drawing: TimelineDrawing, x: number, y: number): number | null {
  let best: number | null = null;
  let bestDistance = Infinity;
  const { hits, hitIndices } = drawing;
  for (let n = hitIndices.length - 1; n >= 0; n--) {
    const x0 = hits[n * 4] ?? 0;
    const y0 = hits[n * 4 + 1] ?? 0;
    const x1 = hits[n * 4 + 2] ?? 0;
    const y1 = hits[n * 4 + 3] ?? 0;
    if (x < x0 || x > x1 || y < y0 || y > y1) continue;
    const distance = Math.abs(x - (x0 + x1) / 2);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = hitIndices[n] ?? null;
    }
  }
  return best;
}
