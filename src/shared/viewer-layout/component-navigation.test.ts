import { describe, expect, it } from 'vitest';
import { neighbourComponent, type NavigationKey } from './component-navigation';
import { prepareFile } from './viewer-document';
import { viewerFixture } from './viewer-fixture.test-support';

const file = prepareFile(viewerFixture());
const [beats, harmony, markers, hierarchy, pdf, wave, slider] = file.timelines;
const timelines = { beats, harmony, markers, hierarchy, pdf, wave, slider };

describe('neighbourComponent', () => {
  it.each<[keyof typeof timelines, number, NavigationKey, number | null]>([
    // Beats and markers step in time order.
    ['beats', 5, 'right', 6],
    ['beats', 0, 'left', null],
    ['beats', 99, 'right', null],
    // Markers are stored out of time order: index 1 (5 s) comes before index 0 (30 s).
    ['markers', 1, 'right', 0],
    ['markers', 1, 'up', null],
    // Within a hierarchy level left and right, between levels up and down.
    // 0: A (level 2, 0-50), 1: a (level 1, 0-20), 2: b (level 1, 20-50), 3: B (level 2, 50-100)
    ['hierarchy', 1, 'right', 2],
    ['hierarchy', 0, 'right', 3],
    ['hierarchy', 2, 'up', 0],
    ['hierarchy', 0, 'down', 1],
    ['hierarchy', 3, 'down', null],
    ['hierarchy', 0, 'up', null],
    // Between the key row and the harmony row. 0: C: (MODE), 1: I at 0, 2: V65 at 10
    ['harmony', 1, 'right', 2],
    ['harmony', 2, 'up', 0],
    ['harmony', 0, 'down', 1],
    ['harmony', 0, 'right', null],
    // Nothing to select on a slider; PDF markers and audiowave bars step.
    ['slider', 0, 'right', null],
    ['pdf', 0, 'right', 1],
    ['wave', 0, 'right', null],
  ])('on %s, from %i going %s, selects %s', (name, current, key, expected) => {
    const timeline = timelines[name];
    if (!timeline) throw new Error(`fixture has no ${name} timeline`);
    expect(neighbourComponent(timeline, current, key)).toBe(expected);
  });
});
