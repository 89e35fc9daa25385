import { describe, expect, it } from 'vitest';
import { labelWidth } from './label-fit';
import { markerLabels } from './marker-labels';

describe('markerLabels', () => {
  it('puts a label right of its marker, cut before the next marker', () => {
    const placed = markerLabels([10, 50], ['Cadence', 'HC'], 1000);
    expect(placed[0]).toEqual({ x: 17, text: 'Cad…' });
    expect(placed[1]).toEqual({ x: 57, text: 'HC' });
  });

  it('moves a label that would cross the right edge to the left of its marker', () => {
    // A phone's data area: 'PAC' at the last marker, 18 px from the edge.
    const placed = markerLabels([100, 264], ['HC', 'PAC'], 282);
    const pac = placed[1];
    expect(pac?.text).toBe('PAC');
    expect((pac?.x ?? 0) + labelWidth('PAC') * 1.2).toBeLessThanOrEqual(264 - 5);
    expect(pac?.x).toBeGreaterThan(100 + 5 + labelWidth('HC'));
  });

  it('never lets a label run past the edge, even when neither side has room for all of it', () => {
    const placed = markerLabels([20, 270], ['A', 'Perfect authentic cadence'], 282);
    for (const label of placed) {
      if (label) expect(label.x + labelWidth(label.text) * 1.2).toBeLessThanOrEqual(282);
    }
    expect(placed[1]?.text.endsWith('…')).toBe(true);
  });
});
