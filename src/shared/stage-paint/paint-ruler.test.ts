import { describe, expect, it } from 'vitest';
import { rulerTicks } from '../viewer-layout/time-ruler';
import { FakeCanvas2D } from './fake-canvas.test-support';
import { paintRuler, RULER_BOX_FIELDS, RULER_HEIGHT } from './paint-ruler';

describe('paintRuler', () => {
  it('paints a line at each tick with its time after it, and reports each label painted', () => {
    const context = new FakeCanvas2D();
    const ticks = [
      { x: 10, time: 0, label: '0:00', end: false },
      { x: 110, time: 5, label: '0:05', end: false },
    ];
    const boxes = paintRuler(context, { ticks, width: 300 }, 1);
    expect(context.drawn[0]).toMatchObject({ op: 'clearRect', args: [0, 0, 300, RULER_HEIGHT] });
    const lines = context.drawn.filter((drawn) => drawn.op === 'fillRect');
    expect(lines.map((line) => line.args)).toEqual([
      [10, 0, 1, RULER_HEIGHT],
      [110, 0, 1, RULER_HEIGHT],
    ]);
    const texts = context.drawn.filter((drawn) => drawn.op === 'fillText');
    // After the line and its padding (1 + 3 px).
    expect(texts.map((text) => text.args.slice(0, 2))).toEqual([
      ['0:00', 14],
      ['0:05', 114],
    ]);
    expect(context.font).toMatch(/^12px /);
    expect(boxes).toHaveLength(2 * RULER_BOX_FIELDS);
    expect(Array.from(boxes.slice(0, RULER_BOX_FIELDS))).toEqual([0, 14, 0, 40, RULER_HEIGHT, 12]);
  });

  it('ends a label at its tick at the right edge, and paints no text for an unlabelled tick', () => {
    const context = new FakeCanvas2D();
    const ticks = [
      { x: 250, time: 10, label: '', end: true },
      { x: 300, time: 12, label: '0:12', end: true },
    ];
    const boxes = paintRuler(context, { ticks, width: 300 }, 2);
    const texts = context.drawn.filter((drawn) => drawn.op === 'fillText');
    // The line in the last device pixel before the tick, then the padding, then the text.
    expect(texts.map((text) => text.args.slice(0, 2))).toEqual([['0:12', 300 - 0.5 - 3 - 40]]);
    expect(boxes.length).toBe(RULER_BOX_FIELDS);
    expect(boxes[0]).toBe(1);
  });

  it('paints every tick the ruler has for a view', () => {
    const context = new FakeCanvas2D();
    const scale = { start: 0, end: 600, width: 1000, zoom: 1, scrollLeft: 0 };
    const ticks = rulerTicks(scale, 1000);
    paintRuler(context, { ticks, width: 1000 }, 1);
    const texts = context.drawn.filter((drawn) => drawn.op === 'fillText');
    expect(texts.map((text) => text.args[0])).toEqual(
      ticks.filter((tick) => tick.label).map((tick) => tick.label),
    );
  });
});
