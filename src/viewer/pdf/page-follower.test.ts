import { describe, expect, it } from 'vitest';
import { pageWindows } from '../../shared/pdf-page-windows';
import { PageFollower } from './page-follower';

function recorder() {
  const shown: { page: number | null; ahead: readonly number[] }[] = [];
  return {
    shown,
    target: {
      show: (page: number | null, ahead: readonly number[]) => shown.push({ page, ahead }),
    },
  };
}

describe('PageFollower', () => {
  const windows = pageWindows([
    { time: 0, page_number: 1 },
    { time: 10, page_number: 2 },
    { time: 20, page_number: 3 },
  ]);

  it('tells the target only when the window changes, with the pages to render ahead', () => {
    const { shown, target } = recorder();
    const follower = new PageFollower(windows, target);
    for (let time = 0; time < 9.5; time += 1 / 60) follower.update(time);
    expect(shown).toEqual([{ page: 1, ahead: [2, 3] }]);
    follower.update(9.5);
    follower.update(9.6);
    expect(shown.at(-1)).toEqual({ page: 2, ahead: [3, 1] });
    follower.update(2);
    expect(shown.map((s) => s.page)).toEqual([1, 2, 1]);
  });

  it('asks for no page when the timeline has no markers', () => {
    const { shown, target } = recorder();
    new PageFollower(pageWindows([]), target).update(4);
    expect(shown).toEqual([{ page: null, ahead: [] }]);
  });
});
