import { describe, expect, it } from 'vitest';
import { readShareParams, shareTarget, shareUrl } from './share-params';

describe('share params', () => {
  it('reads t, c and z', () => {
    expect(readShareParams('?t=83.5&c=12&z=7.25')).toEqual({
      time: 83.5,
      componentId: 12,
      span: 7.25,
      bar: null,
    });
    const none = { time: null, componentId: null, span: null, bar: null };
    expect(readShareParams('')).toEqual(none);
    expect(readShareParams('?t=abc&c=-1&z=0&m=x')).toEqual(none);
  });

  it('reads a bar, and which playing of it', () => {
    expect(readShareParams('?m=25').bar).toEqual({ number: 25, pass: null });
    expect(readShareParams('?m=25&p=2').bar).toEqual({ number: 25, pass: 2 });
    expect(readShareParams('?m=0&p=0').bar).toEqual({ number: 0, pass: null });
  });

  it('writes a link with the time and zoom in hundredths, and the component if any', () => {
    expect(shareUrl('http://x.test/viewer/135/?old=1#h', { time: 83.456, componentId: 7 })).toBe(
      'http://x.test/viewer/135/?t=83.46&c=7',
    );
    expect(shareUrl('http://x.test/viewer/135/', { time: 2, span: 12.345 })).toBe(
      'http://x.test/viewer/135/?t=2&z=12.35',
    );
  });

  it('links to the playhead unless the selected component is included', () => {
    // Selected a unit at 9.2 s, played on to 45 s, paused: the link is at 45 s.
    expect(shareTarget(45, 20, null)).toEqual({ time: 45, componentId: null, span: 20 });
    expect(shareTarget(45, 20, { id: 3, time: 9.2 })).toEqual({
      time: 9.2,
      componentId: 3,
      span: 20,
    });
  });
});
