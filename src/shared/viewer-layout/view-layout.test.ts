import { describe, expect, it } from 'vitest';
import { prepareFile } from './viewer-document';
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

  it('hands its typed arrays over for transfer', () => {
    const layout = layoutView(file, fit);
    const buffers = layoutTransferables(layout);
    expect(buffers.length).toBe(layout.timelines.length * 7);
    expect(buffers.every((b) => b instanceof ArrayBuffer)).toBe(true);
  });
});
