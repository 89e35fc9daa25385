import { describe, expect, it } from 'vitest';
import { FakeCanvas2D } from './fake-canvas.test-support';
import { MarkerStrip, type MarkerRow } from './marker-strip';

const RED = 0xff0000;
const BLUE = 0x0000ff;

/** Paints a row of markers on a strip 40 px wide, and reads its pixels back. */
function painted(points: number[], colors: number[], y = 0, ratio = 1) {
  const context = new FakeCanvas2D();
  const strip = new MarkerStrip((width, height) => ({ width, height, getContext: () => context }));
  const row: MarkerRow = {
    points: Int32Array.from(points),
    colors: Uint32Array.from(colors),
    count: points.length,
    y,
  };
  const place = strip.paint(row, { x: 0, width: 40, ratio });
  const pixels = context.put!;
  const at = (x: number, y: number) => {
    const i = (y * pixels.width + x) * 4;
    return Array.from(pixels.data.subarray(i, i + 4));
  };
  return { place, pixels, at };
}

describe('MarkerStrip', () => {
  it('paints a marker as a triangle over its point, anti-aliased at its sides, and its stem', () => {
    const { place, pixels, at } = painted([20], [RED]);
    expect(place).toMatchObject({ x: 0, y: 0, width: 40, height: 26 });
    expect(pixels.height).toBe(26);
    // The top row: 10 px wide, its two end pixels partly covered.
    expect(at(16, 0)).toEqual([255, 0, 0, 255]);
    expect(at(23, 0)).toEqual([255, 0, 0, 255]);
    expect(at(15, 0)[3]).toBeGreaterThan(150);
    expect(at(15, 0)[3]).toBeLessThan(255);
    expect(at(14, 0)[3]).toBe(0);
    expect(at(25, 0)[3]).toBe(0);
    // Near the point the triangle is a pixel or two wide.
    expect(at(20, 8)[3]).toBeGreaterThan(0);
    expect(at(17, 8)[3]).toBe(0);
    // The stem: the point's pixel column, 17 px down from the triangle's foot.
    for (let y = 9; y < 26; y++) expect(at(20, y)).toEqual([255, 0, 0, 255]);
    expect(at(21, 15)[3]).toBe(0);
    expect(at(19, 15)[3]).toBe(0);
  });

  it('paints a later marker over an earlier one, as filling them in order does', () => {
    const { at } = painted([18, 21], [RED, BLUE]);
    // Where both triangles are, the later one shows; left of it, the earlier one.
    expect(at(19, 0)).toEqual([0, 0, 255, 255]);
    expect(at(14, 0)).toEqual([255, 0, 0, 255]);
    // Each stem keeps its own colour.
    expect(at(18, 12)).toEqual([255, 0, 0, 255]);
    expect(at(21, 12)).toEqual([0, 0, 255, 255]);
  });

  it('shares the pixel rows a marker only partly covers, with no pixel more than covered', () => {
    const { pixels, at } = painted([20], [RED], 0.5);
    // From y 0.5: the triangle's first row half covered, the stem's last row too.
    expect(pixels.height).toBe(27);
    expect(at(20, 0)[3]).toBe(128);
    expect(at(20, 26)[3]).toBe(128);
    // Where the triangle's point meets the stem's top, each adds the part of the pixel it covers.
    expect(at(20, 9)[3]).toBeGreaterThan(128);
    expect(at(20, 9)[3]).toBeLessThan(255);
    expect(at(20, 10)).toEqual([255, 0, 0, 255]);
    for (let i = 3; i < pixels.data.length; i += 4) expect(pixels.data[i]).toBeLessThanOrEqual(255);
  });

  it('paints at the pixel ratio, in device pixels', () => {
    const { place, pixels, at } = painted([20], [BLUE], 0, 2);
    expect(pixels.width).toBe(80);
    expect(pixels.height).toBe(52);
    expect(place).toMatchObject({ width: 40, height: 26 });
    // The stem is two device pixels wide.
    expect(at(40, 30)).toEqual([0, 0, 255, 255]);
    expect(at(41, 30)).toEqual([0, 0, 255, 255]);
    expect(at(42, 30)[3]).toBe(0);
  });

  it('leaves out the parts of markers beyond the strip', () => {
    const { at } = painted([-3, 42], [RED, BLUE]);
    expect(at(0, 0)).toEqual([255, 0, 0, 255]);
    expect(at(39, 0)).toEqual([0, 0, 255, 255]);
  });
});
