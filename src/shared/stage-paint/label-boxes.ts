import type { DrawnLabel } from '../viewer-layout/timeline-drawing';
import { LABEL_BOX_FIELDS } from './paint-view';

/** One label as a paint put it on the stage (paintView's report, read back). */
export interface PaintedLabel {
  timeline: number;
  label: DrawnLabel;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What reading the report takes of a view: each timeline's labels, by the timeline's index. */
export interface LabelledView {
  timelines: readonly { index: number; labels?: readonly DrawnLabel[] }[];
}

function labelsOf(view: LabelledView, timeline: number): readonly DrawnLabel[] {
  const drawing = view.timelines[timeline];
  const found =
    drawing?.index === timeline ? drawing : view.timelines.find((t) => t.index === timeline);
  return found?.labels ?? [];
}

/** The labels a paint of `view` reported (boxes from paintView), in the order they were painted. */
export function paintedLabels(view: LabelledView, boxes: ArrayLike<number>): PaintedLabel[] {
  const painted: PaintedLabel[] = [];
  for (let n = 0; n + LABEL_BOX_FIELDS <= boxes.length; n += LABEL_BOX_FIELDS) {
    const timeline = boxes[n] ?? 0;
    const label = labelsOf(view, timeline)[boxes[n + 1] ?? 0];
    if (!label) continue;
    painted.push({
      timeline,
      label,
      x: boxes[n + 2] ?? 0,
      y: boxes[n + 3] ?? 0,
      width: boxes[n + 4] ?? 0,
      height: boxes[n + 5] ?? 0,
    });
  }
  return painted;
}

/**
 * The component whose painted label is under (x, y) on the stage, or null: a label covers the
 * hit areas of the components under it (a chord's name runs over the next chords' ticks), and a
 * click on the name must select the chord it names. The label painted last is on top.
 */
export function labelHit(
  view: LabelledView,
  boxes: ArrayLike<number>,
  x: number,
  y: number,
): { timeline: number; index: number } | null {
  for (let n = boxes.length - LABEL_BOX_FIELDS; n >= 0; n -= LABEL_BOX_FIELDS) {
    const left = boxes[n + 2] ?? 0;
    const top = boxes[n + 3] ?? 0;
    if (x < left || y < top || x > left + (boxes[n + 4] ?? 0) || y > top + (boxes[n + 5] ?? 0)) {
      continue;
    }
    const timeline = boxes[n] ?? 0;
    const component = labelsOf(view, timeline)[boxes[n + 1] ?? 0]?.component;
    if (component !== undefined) return { timeline, index: component };
  }
  return null;
}
