import { describe, expect, it } from 'vitest';
import { labelHit, paintedLabels, type LabelledView } from './label-boxes';

const view: LabelledView = {
  timelines: [
    { index: 0, labels: [{ x: 0, y: 0, text: '1', size: 12 }] },
    {
      index: 1,
      labels: [
        { x: 10, y: 5, text: 'I', size: 12, component: 3 },
        { x: 40, y: 5, text: 'V43/IV', size: 12, component: 4 },
      ],
    },
  ],
};

// Timeline, label, x, y, width, height: a measure number, then two chord names, the second
// painted over the first's right end.
const boxes = Float32Array.from([0, 0, 2, 1, 8, 12, 1, 0, 10, 5, 40, 12, 1, 1, 40, 5, 50, 20]);

describe('painted label boxes', () => {
  it('reads back the labels a paint reported, with their boxes', () => {
    const painted = paintedLabels(view, boxes);
    expect(painted.map((p) => p.label.text)).toEqual(['1', 'I', 'V43/IV']);
    expect(painted[2]).toMatchObject({ timeline: 1, x: 40, y: 5, width: 50, height: 20 });
  });

  it('finds the component whose painted label is under a point, the one painted last on top', () => {
    expect(labelHit(view, boxes, 20, 10)).toEqual({ timeline: 1, index: 3 });
    expect(labelHit(view, boxes, 45, 10)).toEqual({ timeline: 1, index: 4 });
    expect(labelHit(view, boxes, 89, 24)).toEqual({ timeline: 1, index: 4 });
    // A label that names no component, and a place with no label, leave it to the hit areas.
    expect(labelHit(view, boxes, 5, 5)).toBeNull();
    expect(labelHit(view, boxes, 95, 10)).toBeNull();
  });
});
