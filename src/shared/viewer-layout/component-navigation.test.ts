import { describe, expect, it } from 'vitest';
import { neighbourComponent } from './component-navigation';
import { prepareFile } from './viewer-document';
import { viewerFixture } from './viewer-fixture.test-support';

const file = prepareFile(viewerFixture());
const [beats, harmony, markers, hierarchy, pdf, wave, slider] = file.timelines;

describe('neighbourComponent', () => {
  it('steps through beats and markers in time order', () => {
    if (!beats || !markers) throw new Error('fixture');
    expect(neighbourComponent(beats, 5, 'right')).toBe(6);
    expect(neighbourComponent(beats, 0, 'left')).toBeNull();
    expect(neighbourComponent(beats, 99, 'right')).toBeNull();
    // Markers are stored out of time order: index 1 (5 s) comes before index 0 (30 s).
    expect(neighbourComponent(markers, 1, 'right')).toBe(0);
    expect(neighbourComponent(markers, 1, 'up')).toBeNull();
  });

  it('moves within a hierarchy level left and right, and between levels up and down', () => {
    if (!hierarchy) throw new Error('fixture');
    // 0: A (level 2, 0-50), 1: a (level 1, 0-20), 2: b (level 1, 20-50), 3: B (level 2, 50-100)
    expect(neighbourComponent(hierarchy, 1, 'right')).toBe(2);
    expect(neighbourComponent(hierarchy, 0, 'right')).toBe(3);
    expect(neighbourComponent(hierarchy, 2, 'up')).toBe(0);
    expect(neighbourComponent(hierarchy, 0, 'down')).toBe(1);
    expect(neighbourComponent(hierarchy, 3, 'down')).toBeNull();
    expect(neighbourComponent(hierarchy, 0, 'up')).toBeNull();
  });

  it('moves between the key row and the harmony row', () => {
    if (!harmony) throw new Error('fixture');
    // 0: C: (MODE), 1: I at 0, 2: V65 at 10
    expect(neighbourComponent(harmony, 1, 'right')).toBe(2);
    expect(neighbourComponent(harmony, 2, 'up')).toBe(0);
    expect(neighbourComponent(harmony, 0, 'down')).toBe(1);
    expect(neighbourComponent(harmony, 0, 'right')).toBeNull();
  });

  it('has nothing to select on a slider and steps PDF markers and bars', () => {
    if (!slider || !pdf || !wave) throw new Error('fixture');
    expect(neighbourComponent(slider, 0, 'right')).toBeNull();
    expect(neighbourComponent(pdf, 0, 'right')).toBe(1);
    expect(neighbourComponent(wave, 0, 'right')).toBeNull();
  });
});
