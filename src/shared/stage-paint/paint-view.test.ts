import { describe, expect, it } from 'vitest';
import { GLYPH_MARKER } from '../viewer-layout/timeline-drawing';
import type { ViewLayout } from '../viewer-layout/view-layout';
import { FakeCanvas2D } from './fake-canvas.test-support';
import { paintView } from './paint-view';

const stage = { x: 100, y: 200, width: 800, height: 400 };

function drawing(overrides: Partial<ViewLayout['timelines'][number]>): ViewLayout {
  return {
    scale: { start: 0, end: 100, width: 800, zoom: 1, scrollLeft: 0 },
    rows: [{ y: 0, height: 40 }],
    totalHeight: 45.5,
    timelines: [
      {
        index: 0,
        rects: new Float32Array(),
        rectColors: new Uint32Array(),
        glyphs: new Float32Array(),
        glyphKinds: new Uint8Array(),
        glyphColors: new Uint32Array(),
        labels: [],
        hits: new Float32Array(),
        hitIndices: new Int32Array(),
        visibleCount: 0,
        ...overrides,
      },
    ],
  };
}

/** What paintView draws on the stage for one timeline with `overrides`. */
function painted(overrides: Partial<ViewLayout['timelines'][number]>): FakeCanvas2D {
  const context = new FakeCanvas2D();
  paintView(context, drawing(overrides), stage);
  return context;
}

describe('paintView', () => {
  it('fills every rectangle at its place on the stage, in its colour', () => {
    const context = painted({
      rects: new Float32Array([10, 5, 30, 20]),
      rectColors: new Uint32Array([0x12ab34]),
    });
    expect(context.drawn).toContainEqual({
      op: 'fillRect',
      style: '#12ab34',
      args: [110, 205, 30, 20],
    });
  });

  it('draws a marker as a triangle over its time with a stem under the point', () => {
    const context = painted({
      glyphs: new Float32Array([50.6, 3]),
      glyphKinds: new Uint8Array([GLYPH_MARKER]),
      glyphColors: new Uint32Array([0xe07b39]),
    });
    const triangle = context.drawn.find((d) => d.op === 'fill');
    expect(triangle).toEqual({
      op: 'fill',
      style: '#e07b39',
      args: [145, 203, 155, 203, 150, 212],
    });
    expect(context.drawn).toContainEqual({
      op: 'fillRect',
      style: '#e07b39',
      args: [150, 212, 1, 17],
    });
  });

  it('writes labels with their figures, and leaves music glyphs to the page', () => {
    const context = painted({
      labels: [
        { x: 4, y: 2, text: 'V', size: 12, figures: ['6', '5'], after: '/V' },
        { x: 40, y: 2, text: '\uE050', size: 30, font: 'music' },
      ],
    });
    expect(context.texts()).toEqual(['V', '6', '5', '/V']);
    const numeral = context.drawn.find((d) => d.args[0] === 'V')!;
    expect(numeral.args.slice(1)).toEqual([104, 202]);
    // The figures stand after the numeral, the rest after the figures.
    const six = context.drawn.find((d) => d.args[0] === '6')!;
    const after = context.drawn.find((d) => d.args[0] === '/V')!;
    expect(Number(six.args[1])).toBeGreaterThan(104 + 10);
    expect(Number(after.args[1])).toBeGreaterThan(Number(six.args[1]) + 10);
  });

  it('fills whole device pixels, those whose centre a rectangle covers, as WebGL does', () => {
    const rectAt = (x: number, y: number, size: number, pixelRatio: number) => {
      const context = new FakeCanvas2D();
      paintView(
        context,
        drawing({ rects: new Float32Array([x, y, size, size]), rectColors: new Uint32Array([1]) }),
        { x: 0, y: 0, width: 800, height: 400 },
        { pixelRatio },
      );
      return context.drawn.find((d) => d.style === '#000001')?.args ?? null;
    };
    // 10.4 to 10.8 covers the centre of pixel 10 (10.5).
    expect(rectAt(10.4, 10.4, 0.4, 1)).toEqual([10, 10, 1, 1]);
    // 10.6 to 11.4 covers no pixel centre: nothing is drawn, as WebGL draws nothing.
    expect(rectAt(10.6, 10.2, 0.8, 1)).toBeNull();
    expect(rectAt(10.2, 10.2, 2.6, 1)).toEqual([10, 10, 3, 3]);
    // A centre on the left or the bottom edge is covered, one on the right or the top is not.
    expect(rectAt(10.5, 10.5, 2, 1)).toEqual([10, 11, 2, 2]);
    // At two device pixels a CSS pixel, edges fall on half CSS pixels.
    expect(rectAt(10.3, 10.3, 1, 2)).toEqual([10.5, 10.5, 1, 1]);
  });
});
