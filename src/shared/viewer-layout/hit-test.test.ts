import { describe, expect, it } from 'vitest';
import { hitComponent } from './hit-test';
import { prepareFile } from './viewer-document';
import { layoutView } from './view-layout';
import { viewerFixture } from './viewer-fixture.test-support';

const layout = layoutView(prepareFile(viewerFixture()), {
  zoom: 1,
  scrollLeft: 0,
  viewportWidth: 1000,
  width: 1000,
});

describe('hitComponent', () => {
  it('finds the hierarchy box under the pointer, by level row', () => {
    const hierarchy = layout.timelines[3];
    if (!hierarchy) throw new Error('fixture');
    expect(hitComponent(hierarchy, 100, 45)).toBe(1); // level 1 (lower row), 0-20 s
    expect(hitComponent(hierarchy, 300, 45)).toBe(2);
    expect(hitComponent(hierarchy, 300, 10)).toBe(0); // level 2 (upper row)
  });

  it('picks the nearest of dense points and misses empty space', () => {
    const beats = layout.timelines[0];
    if (!beats) throw new Error('fixture');
    expect(hitComponent(beats, 52, 20)).toBe(5);
    expect(hitComponent(beats, 58, 20)).toBe(6);
    const markers = layout.timelines[2];
    if (!markers) throw new Error('fixture');
    expect(hitComponent(markers, 200, 10)).toBeNull();
    expect(hitComponent(markers, 301, 10)).toBe(0);
  });
});
