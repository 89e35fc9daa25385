import { describe, expect, it } from 'vitest';
import { readShareParams, shareTime, shareUrl } from './share-params';

describe('share params', () => {
  it('reads t and c', () => {
    expect(readShareParams('?t=83.5&c=12')).toEqual({ time: 83.5, componentId: 12 });
    expect(readShareParams('')).toEqual({ time: null, componentId: null });
    expect(readShareParams('?t=abc&c=-1')).toEqual({ time: null, componentId: null });
  });

  it('writes a link with the time in hundredths and the component', () => {
    expect(shareUrl('http://x.test/viewer/135/?old=1#h', 83.456, 7)).toBe(
      'http://x.test/viewer/135/?t=83.46&c=7',
    );
    expect(shareUrl('http://x.test/viewer/135/', 2, null)).toBe('http://x.test/viewer/135/?t=2');
  });

  it('opens at the selection while paused on one, at the playhead otherwise', () => {
    expect(shareTime(0, false, 42.5)).toBe(42.5);
    expect(shareTime(10, true, 42.5)).toBe(10);
    expect(shareTime(10, false, null)).toBe(10);
  });
});
