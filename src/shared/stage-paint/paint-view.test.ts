import { describe, expect, it } from 'vitest';
import { GLYPH_MARKER, GLYPH_PDF, GLYPH_PDF_OCCLUDED } from '../viewer-layout/timeline-drawing';
import type { ViewLayout } from '../viewer-layout/view-layout';
import { FakeCanvas2D, FakeScratch } from './fake-canvas.test-support';
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
    const marker = context.drawn.find((d) => d.op === 'fill');
    expect(marker?.style).toBe('#e07b39');
    expect(marker?.paths).toEqual([
      [145, 203, 155, 203, 150, 212],
      // The stem: 1 px wide under the point, 17 px high.
      [150, 212, 151, 212, 151, 229, 150, 229],
    ]);
  });

  it('draws markers on consecutive pixels as the band their triangles make, stems as a block', () => {
    const context = painted({
      // Points on pixels 150, 151, 151 and 152, then one 2 px further and one of another colour.
      glyphs: new Float32Array([50.6, 3, 51.2, 3, 51.9, 3, 52.1, 3, 54.5, 3, 55.5, 3]),
      glyphKinds: new Uint8Array(6).fill(GLYPH_MARKER),
      glyphColors: new Uint32Array([0xe07b39, 0xe07b39, 0xe07b39, 0xe07b39, 0xe07b39, 0x123456]),
    });
    const fills = context.drawn.filter((d) => d.op === 'fill');
    // Markers of one colour that follow each other are one fill; the next colour another.
    expect(fills.map((d) => ({ style: d.style, paths: d.paths }))).toEqual([
      {
        style: '#e07b39',
        paths: [
          // The tops joined from the first triangle's left corner to the last one's right
          // corner, the points on one line from the last to the first; the stems as a block.
          [145, 203, 157, 203, 152, 212, 150, 212],
          [150, 212, 153, 212, 153, 229, 150, 229],
          [149, 203, 159, 203, 154, 212],
          [154, 212, 155, 212, 155, 229, 154, 229],
        ],
      },
      {
        style: '#123456',
        paths: [
          [150, 203, 160, 203, 155, 212],
          [155, 212, 156, 212, 156, 229, 155, 229],
        ],
      },
    ]);
  });

  it('fills markers in their order where colours alternate, so overlaps stay as they were', () => {
    const context = painted({
      glyphs: new Float32Array([10.5, 3, 20.5, 3, 30.5, 3]),
      glyphKinds: new Uint8Array(3).fill(GLYPH_MARKER),
      glyphColors: new Uint32Array([0x111111, 0x222222, 0x111111]),
    });
    const fills = context.drawn.filter((d) => d.op === 'fill');
    expect(fills.map((d) => [d.style, d.paths?.[0]?.[0]])).toEqual([
      ['#111111', 105],
      ['#222222', 115],
      ['#111111', 125],
    ]);
  });

  it('with canvases off screen, paints a row of markers as one picture of them', () => {
    const context = new FakeCanvas2D();
    const strips: FakeScratch[] = [];
    const sprites = (width: number, height: number) => {
      const strip = new FakeScratch(width, height);
      strips.push(strip);
      return strip;
    };
    const view = drawing({
      glyphs: new Float32Array([50.6, 3, 52.1, 3, 90, 3]),
      glyphKinds: new Uint8Array(3).fill(GLYPH_MARKER),
      glyphColors: new Uint32Array([0xe07b39, 0x123456, 0xe07b39]),
    });
    paintView(context, view, stage, { pixelRatio: 1, sprites });
    expect(context.drawn.filter((d) => d.op === 'fill')).toEqual([]);
    // The strip spans the stage from the markers' top (y 3 in the row) down past the stems.
    expect(context.drawn.filter((d) => d.op === 'drawImage')).toEqual([
      { op: 'drawImage', style: '', args: [0, 100, 203, 800, 26] },
    ]);
    // Its pixels: the three stems, on the markers' pixels from the stage's left edge.
    const pixels = strips[0]!.context.put!;
    const stem = (x: number) =>
      Array.from(pixels.data.subarray((15 * 800 + x) * 4, (15 * 800 + x) * 4 + 4));
    expect(stem(50)).toEqual([0xe0, 0x7b, 0x39, 255]);
    expect(stem(52)).toEqual([0x12, 0x34, 0x56, 255]);
    expect(stem(90)).toEqual([0xe0, 0x7b, 0x39, 255]);
    expect(stem(51)[3]).toBe(0);
  });

  it('with canvases off screen, copies a PDF icon painted once, on whole device pixels', () => {
    const context = new FakeCanvas2D();
    const sprites = (width: number, height: number) => new FakeScratch(width, height);
    const view = drawing({
      glyphs: new Float32Array([10.3, 4, 40.6, 4, 70, 4]),
      glyphKinds: Uint8Array.from([GLYPH_PDF, GLYPH_PDF_OCCLUDED, GLYPH_PDF]),
      glyphColors: new Uint32Array(3),
    });
    paintView(context, view, stage, { pixelRatio: 2, sprites });
    expect(context.drawn.filter((d) => d.op === 'fill' || d.op === 'stroke')).toEqual([]);
    const copies = context.drawn.filter((d) => d.op === 'drawImage').map((d) => d.args);
    // One picture for the drawn icons and one for the occluded; each 19 x 24 CSS px from 1 px
    // left of the icon and 2 px above it, rounded to the device's half pixels.
    expect(copies.map((args) => args.slice(1))).toEqual([
      [111.5, 202, 19, 24],
      [141.5, 202, 19, 24],
      [171, 202, 19, 24],
    ]);
    expect(copies[0]![0]).toBe(copies[2]![0]);
    expect(copies[1]![0]).not.toBe(copies[0]![0]);
  });

  it('writes labels where the page sets them in a line box of line-height 1', () => {
    // The fake font at 12 px: ascent 10.8 and descent 2.4 (11 and 2 whole pixels), so the
    // baseline is 11 + floor((12 - 13) / 2) = 10 px under the line's top, itself on a whole pixel.
    const context = painted({ labels: [{ x: 4.4, y: 2.3, text: 'HC', size: 12 }] });
    const [text] = context.drawn.filter((d) => d.op === 'fillText');
    expect(text?.args).toEqual(['HC', 104, 212]);
  });

  it('stacks figures after the numeral, centred on its x-height, lowering a short line', () => {
    const context = painted({
      labels: [{ x: 4, y: 2, text: 'V', size: 12, figures: ['6', '5'], after: '/V' }],
    });
    expect(context.texts()).toEqual(['V', '6', '5', '/V']);
    const at = (text: string) => context.drawn.find((d) => d.args[0] === text)!.args;
    // Above the middle: half the x-height (6 / 2) and half the column (2 figures of 10 px): 13,
    // more than the text's own 10, so the baseline is 13 under the line's top (202).
    expect(at('V').slice(1)).toEqual([104, 215]);
    // The column starts at the line's top, a figure's baseline 8 px into its 10 px row
    // (ascent 9 + floor((10 - 11) / 2)); 1 px after the numeral, 10 px wide.
    expect(at('6').slice(1)).toEqual([115, 210]);
    expect(at('5').slice(1)).toEqual([115, 220]);
    // The rest after the column and its 2 px margin, on the numeral's baseline.
    expect(at('/V').slice(1)).toEqual([127, 215]);
  });

  it('raises a single figure, as notation sets it, without lowering the line', () => {
    const plain = painted({ labels: [{ x: 4, y: 2, text: 'I', size: 12 }] });
    const context = painted({
      labels: [{ x: 4, y: 2, text: 'I', size: 12, figures: ['6'] }],
    });
    const at = (from: FakeCanvas2D, text: string) =>
      from.drawn.find((d) => d.args[0] === text)!.args as [string, number, number];
    // The text where a label without figures has it.
    const [, , textBaseline] = at(context, 'I');
    expect(textBaseline).toBe(at(plain, 'I')[2]);
    // The figure's baseline a third of the text's size (4 px) above the text's, 1 px after it.
    expect(at(context, '6').slice(1)).toEqual([115, textBaseline - 4]);
  });

  it('reports the box of every label it painted on the stage, figures and text after included', () => {
    const context = new FakeCanvas2D();
    const boxes = paintView(
      context,
      drawing({
        labels: [
          { x: 4.4, y: 2.3, text: 'HC', size: 12, component: 7 },
          // Wholly left of the stage: painted into the clip, not reported.
          { x: -60, y: 2, text: 'Off', size: 12 },
          { x: 4, y: 2, text: 'V', size: 12, figures: ['6', '5'], after: '/V' },
        ],
      }),
      stage,
    );
    // Timeline, label index, then x, y, width, height from the stage's corner: the figures'
    // column (two rows of 10 px from the line's top) is taller than the 12 px line.
    expect(boxes).toEqual([0, 0, 4, 2, 20, 12, 0, 2, 4, 2, 43, 20]);
  });

  it('hangs music glyphs from their baseline once the music font is there, not before', () => {
    const glyph = { x: 40, y: 30, text: '\uE050', size: 20, font: 'music' as const };
    expect(painted({ labels: [glyph] }).texts()).toEqual([]);
    const context = new FakeCanvas2D();
    paintView(context, drawing({ labels: [glyph] }), stage, {
      pixelRatio: 1,
      musicFont: 'Bravura',
    });
    const [text] = context.drawn.filter((d) => d.op === 'fillText');
    // Its line box's top is rounded as the page rounds it; the baseline stays at y.
    expect(text?.args).toEqual(['\uE050', 140, 230]);
  });

  it('paints glyphs marked behind under the shapes, muted, and leaves them out of the report', () => {
    const clef = { x: 4, y: 30, text: '\uE050', size: 20, font: 'music' as const, behind: true };
    const accidental = { x: 40, y: 30, text: '\uE262', size: 20, font: 'music' as const };
    const context = new FakeCanvas2D();
    const boxes = paintView(
      context,
      drawing({
        rects: new Float32Array([2, 25, 30, 6]),
        rectColors: new Uint32Array([0x1f1f1f]),
        labels: [clef, accidental],
      }),
      stage,
      { pixelRatio: 1, musicFont: 'Bravura' },
    );
    const order = context.drawn
      .filter((d) => d.op === 'fillText' || (d.op === 'fillRect' && d.style === '#1f1f1f'))
      .map((d) => (d.op === 'fillText' ? d.args[0] : 'note'));
    expect(order).toEqual(['\uE050', 'note', '\uE262']);
    const behind = context.drawn.find((d) => d.op === 'fillText' && d.args[0] === '\uE050');
    expect(behind?.style).toBe('#6b6b6b');
    // One label reported, the accidental (index 1).
    expect(boxes.length).toBe(6);
    expect(boxes[1]).toBe(1);
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
