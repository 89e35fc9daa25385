import { describe, expect, it } from 'vitest';
import { prepareFile } from './viewer-document';
import { boundaryColor, levelColor, NARROW_BOUNDARY_SHADE } from './hierarchy-rows';
import { labelWidth } from './label-fit';
import { PDF_ICON_WIDTH } from './layout-constants';
import { GLYPH_PDF, GLYPH_PDF_OCCLUDED, layoutTransferables, layoutView } from './view-layout';
import { viewerFixture } from './viewer-fixture.test-support';

const file = prepareFile(viewerFixture());
const fit = { zoom: 1, scrollLeft: 0, viewportWidth: 1000, width: 1000 };

describe('layoutView', () => {
  it('draws every timeline of the file', () => {
    const layout = layoutView(file, fit);
    expect(layout.timelines.map((t) => t.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const [beats, harmony, markers, hierarchy, pdf, wave, slider] = layout.timelines;
    expect(beats?.rects.length).toBe(100 * 4);
    expect(beats?.labels.map((l) => l.text).slice(0, 3)).toEqual(['1', '2', '3']);
    expect(harmony?.labels.map((l) => [l.text, l.figures ?? []])).toEqual([
      ['C:', []],
      ['I', []],
      ['V', ['6', '5']],
    ]);
    expect(markers?.glyphColors.length).toBe(2);
    expect(hierarchy?.rectColors).toContain(0xff0000);
    expect(Array.from(pdf?.glyphKinds ?? [])).toEqual([GLYPH_PDF, GLYPH_PDF_OCCLUDED, GLYPH_PDF]);
    expect(pdf?.hitIndices.length).toBe(2);
    expect(wave?.rects[3]).toBe(20);
    expect(slider?.rects.length).toBe(4);
  });

  it('culls to the viewport when zoomed in', () => {
    const layout = layoutView(file, { ...fit, zoom: 10, scrollLeft: 2000 });
    const beats = layout.timelines[0];
    // 100 s over 10,000 px: the viewport shows seconds 20 to 30.
    expect(beats?.visibleCount).toBe(11);
    expect(beats?.rects[0]).toBe(0);
  });

  it('draws touching rectangles of one colour, row and height as one run', () => {
    // 43,200 beats in the fixture's 100 s: 432 to a pixel, so every column has a measure tick.
    const dense = prepareFile(
      viewerFixture([
        {
          kind: 'BEAT_TIMELINE',
          beat_pattern: '[4]',
          measure_numbers: '[]',
          components: Array.from({ length: 43_200 }, (_, i) => ({ id: 1000 + i, time: i / 432 })),
        },
      ]),
    );
    const beats = layoutView(dense, fit).timelines[7];
    expect(beats?.visibleCount).toBe(1000);
    expect(Array.from(beats?.rects ?? [])).toEqual([0, 15, 1000, 15]);
    expect(beats?.hitIndices.length).toBe(1000);
  });

  it('keeps rectangles apart when they differ or do not touch', () => {
    const layout = layoutView(file, fit);
    const hierarchy = layout.timelines[3];
    const boxes = Array.from(hierarchy?.rectColors ?? [], (color, n) => [
      ...Array.from(hierarchy?.rects.subarray(n * 4, n * 4 + 4) ?? []),
      color,
    ]);
    const level1 = levelColor(1);
    const level2 = levelColor(2);
    expect(boxes).toEqual([
      // Level 1: 'a' in the level's colour and 'b' in its own red, touching at 200 px.
      [0, 31, 1, 28, boundaryColor(level1)],
      [1, 31, 199, 28, level1],
      [200, 31, 1, 28, boundaryColor(0xff0000)],
      [201, 31, 299, 28, 0xff0000],
      // Level 2: 'A' and 'B', both in the level's colour, touch at 500 px: each keeps its
      // boundary, so they are never drawn as one bar.
      [0, 1, 1, 28, boundaryColor(level2)],
      [1, 1, 499, 28, level2],
      [500, 1, 1, 28, boundaryColor(level2)],
      [501, 1, 499, 28, level2],
    ]);
    expect(level2).not.toBe(level1);
    // Beats a second (10 px) apart: one rectangle each.
    expect(layout.timelines[0]?.rects.length).toBe(100 * 4);
  });

  it('keeps the colour of a level whose units are a pixel or two wide', () => {
    // 600 one-level units over 100 s in 1000 px: under 2 px each.
    const units = Array.from({ length: 600 }, (_, i) => ({
      id: 5000 + i,
      start: i / 6,
      end: (i + 1) / 6,
      level: 1,
      label: '',
      color: null,
      comments: '',
      formal_function: '',
      formal_type: '',
    }));
    const dense = prepareFile(
      viewerFixture([{ kind: 'HIERARCHY_TIMELINE', height: 30, components: units }]),
    );
    const drawing = layoutView(dense, fit).timelines[7];
    const fill = levelColor(1);
    const colours = new Set(drawing?.rectColors);
    expect([...colours].sort()).toEqual([fill, boundaryColor(fill, NARROW_BOUNDARY_SHADE)].sort());
    // Zoomed in until units are wide, each has the strong boundary again.
    const wide = layoutView(dense, { ...fit, zoom: 20 }).timelines[7];
    expect(new Set(wide?.rectColors)).toEqual(new Set([fill, boundaryColor(fill)]));
  });

  it('keeps a PDF page icon at the right edge inside the data area', () => {
    // The fixture's page markers are at 0, 0.5 and 60 s: zoomed so that 60 s is 8 px from the edge.
    const pdf = layoutView(file, { ...fit, zoom: 992 / 600 }).timelines[4];
    const xs = Array.from(pdf?.glyphs ?? []).filter((_, n) => n % 2 === 0);
    expect(xs.at(-1)).toBe(1000 - PDF_ICON_WIDTH);
    expect(Math.max(...xs) + PDF_ICON_WIDTH).toBeLessThanOrEqual(1000);
  });

  it('centres each hierarchy label in the part of its unit on screen', () => {
    const hierarchy = layoutView(file, fit).timelines[3];
    const label = hierarchy?.labels.find((l) => l.text === 'B');
    // 'B' spans 500-1000 px; one glyph of 12 px type is about 7 px wide.
    expect(label?.x).toBeCloseTo(750 - labelWidth('B') / 2, 5);
    const zoomed = layoutView(file, { ...fit, zoom: 4, scrollLeft: 2500 }).timelines[3];
    const scrolled = zoomed?.labels.find((l) => l.text === 'B');
    expect(scrolled?.x).toBeCloseTo(500 - labelWidth('B') / 2, 5);
  });

  it('draws one glyph per marker pixel column, stem included', () => {
    const markers = layoutView(file, fit).timelines[2];
    expect(markers?.glyphKinds.length).toBe(2);
    expect(markers?.rects.length).toBe(0);
    const crowded = prepareFile(
      viewerFixture([
        {
          components: Array.from({ length: 2000 }, (_, i) => ({
            id: 2000 + i,
            time: 10 + i * 0.025,
            label: '',
            color: '#112233',
            comments: '',
          })),
        },
      ]),
    );
    // 2,000 markers, four to a pixel: one glyph for each of the 500 columns they fall in.
    const dense = layoutView(crowded, fit).timelines[7];
    expect(dense?.visibleCount).toBe(2000);
    expect(dense?.glyphKinds.length).toBe(500);
  });

  it("keeps a marker's label at the end of the axis inside a phone's data area", () => {
    // The fixture's markers: HC at 5 s, PAC at 30 s. On a phone the data area is 282 px wide
    // and the axis 268 px: zoomed so that 30 s falls 18 px before the edge, PAC has no room
    // right of its marker and goes left of it.
    const phone = { zoom: 1, scrollLeft: 0, viewportWidth: 282, width: 268 };
    const pps = (264 / 30 / 268) * 100;
    const markers = layoutView(file, { ...phone, zoom: pps }).timelines[2];
    const pac = markers?.labels.find((label) => label.text === 'PAC');
    expect(pac).toBeDefined();
    expect((pac?.x ?? 0) + labelWidth('PAC')).toBeLessThanOrEqual(264 - 5);
    for (const label of markers?.labels ?? []) {
      expect(label.x + labelWidth(label.text)).toBeLessThanOrEqual(282);
    }
  });

  it('ends a measure number at its tick where it would cross the right edge', () => {
    // The fixture's 25 measures of 4 one-second beats: at 2.79 px a second in a 282 px data
    // area, measure 25 begins 14 px before the edge, too close for its number after the tick.
    const phone = { zoom: 1, scrollLeft: 0, viewportWidth: 282, width: 279 };
    const beats = layoutView(file, phone).timelines[0];
    const labels = beats?.labels ?? [];
    for (const label of labels) {
      expect(label.x + labelWidth(label.text, 12)).toBeLessThanOrEqual(282);
    }
    for (let n = 1; n < labels.length; n++) {
      expect(labels[n]!.x).toBeGreaterThan(labels[n - 1]!.x + labelWidth(labels[n - 1]!.text, 12));
    }
  });

  it('draws each timeline at the height it is asked for, stacked in order', () => {
    const least = layoutView(file, fit);
    expect(least.rows.map((row) => row.height)).toEqual(file.timelines.map((t) => t.height));
    const heights = file.timelines.map((t) => t.sizing.max);
    const tall = layoutView(file, { ...fit, heights });
    expect(tall.rows.map((row) => row.height)).toEqual(heights);
    expect(tall.rows[1]?.y).toBe((heights[0] ?? 0) + 5.5);
    expect(tall.totalHeight).toBeGreaterThan(least.totalHeight);
    // The hierarchy's two levels share its height; the harmony's two rows share its height.
    const hierarchy = tall.timelines[3];
    const levelHeight = (heights[3] ?? 0) / 2;
    expect(hierarchy?.rects[1]).toBe(levelHeight + 1);
    expect(hierarchy?.rects[3]).toBe(levelHeight - 2);
    const harmony = tall.timelines[1];
    const chord = harmony?.labels.find((label) => label.text === 'I');
    expect(chord?.y).toBeGreaterThan((heights[1] ?? 0) / 2);
  });

  it('hands its typed arrays over for transfer', () => {
    const layout = layoutView(file, fit);
    const buffers = layoutTransferables(layout);
    expect(buffers.length).toBe(layout.timelines.length * 7);
    expect(buffers.every((b) => b instanceof ArrayBuffer)).toBe(true);
  });
});
