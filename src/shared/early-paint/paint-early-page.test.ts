import { describe, expect, it } from 'vitest';
import { GLYPH_MARKER } from '../viewer-layout/timeline-drawing';
import type { ViewLayout } from '../viewer-layout/view-layout';
import { layoutView } from '../viewer-layout/view-layout';
import { prepareFile } from '../viewer-layout/viewer-document';
import { viewerFixture } from '../viewer-layout/viewer-fixture.test-support';
import { planEarlyPage } from './early-page';
import { FakeCanvas2D, tenPixelsAChar } from './fake-canvas.test-support';
import { paintEarlyPage, paintView } from './paint-early-page';

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
});

describe('paintEarlyPage', () => {
  it('paints below the site header only, with the heading, names and the first view', () => {
    const json = viewerFixture();
    json.timelines[0]!.name = 'A very long name for a timeline of sections';
    const file = prepareFile(json);
    const window = { width: 1440, height: 900, mainWidthBesidePdf: 915 };
    const plan = planEarlyPage(file.header, window, tenPixelsAChar);
    const layout = layoutView(file, plan.request);
    const context = new FakeCanvas2D();
    paintEarlyPage(context, plan, file.header, layout, window);
    for (const { op, args } of context.drawn) {
      if (op === 'fillRect') expect(Number(args[1])).toBeGreaterThanOrEqual(65);
    }
    const texts = context.texts();
    expect(texts[0]).toBe('T by C performed by P');
    // Names fit the column (112 px less padding, 10 px a character here): long ones are cut.
    const cut = texts.find((text) => text.startsWith('A very'))!;
    expect(cut.endsWith('…')).toBe(true);
    expect(tenPixelsAChar(cut)).toBeLessThanOrEqual(plan.names.width - 12);
    expect(texts).toEqual(expect.arrayContaining(['Cadences', 'PAC', 'HC']));
  });
});
