import { describe, expect, it } from 'vitest';
import type { TimelineJson } from '../../api-types';
import { DrawingBuilder } from '../timeline-drawing';
import type { PreparedTimeline } from '../viewer-document';
import { KIND_LAYOUTS } from './registry';

function emptyTimeline(kind: string): TimelineJson {
  return {
    id: 1,
    name: kind,
    kind,
    display_position: 0,
    is_visible: true,
    height: 40,
    components: [],
  } as TimelineJson;
}

describe('the kind registry', () => {
  it.each(Object.entries(KIND_LAYOUTS))(
    '%s: a timeline without components prepares, reaches no time and draws nothing to select',
    (kind, layout) => {
      const prepared = {
        index: 0,
        name: kind,
        kind,
        components: [],
      } as unknown as PreparedTimeline;
      layout.prepare(emptyTimeline(kind), prepared);
      expect(layout.lastTime(prepared)).toBe(0);
      const counts = { levels: 1, staves: 1, rows: 1 };
      const least = layout.least({ height: 40 }, counts);
      expect(least).toBeGreaterThan(0);
      expect(layout.most(counts)).toBeGreaterThanOrEqual(least);
      const out = new DrawingBuilder();
      layout.draw(prepared, { height: least, pps: 10, offset: 0, viewport: 500, end: 60 }, out);
      const drawing = out.build(0);
      expect(drawing.visibleCount).toBe(0);
      expect(drawing.hitIndices).toHaveLength(0);
      expect(drawing.labels).toEqual([]);
    },
  );
});
