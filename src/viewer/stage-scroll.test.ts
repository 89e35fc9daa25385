import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forwardStageScrolling,
  ScrollerWrites,
  sidewaysDelta,
  type ScrollerElements,
  type ScrollerPlace,
} from './stage-scroll';

const wheel = { deltaX: 0, deltaY: 0, deltaMode: 0, shiftKey: false };

describe('sidewaysDelta', () => {
  it('takes a sideways wheel or swipe as it comes', () => {
    expect(sidewaysDelta({ ...wheel, deltaX: 42, deltaY: 3 })).toBe(42);
    expect(sidewaysDelta({ ...wheel, deltaX: -7 })).toBe(-7);
  });

  it('leaves a vertical wheel to the page, unless Shift turns it sideways', () => {
    expect(sidewaysDelta({ ...wheel, deltaY: 100 })).toBe(0);
    expect(sidewaysDelta({ ...wheel, deltaY: 100, shiftKey: true })).toBe(100);
  });

  it('turns wheel lines into pixels', () => {
    expect(sidewaysDelta({ ...wheel, deltaX: 3, deltaMode: 1 })).toBe(48);
  });
});

describe('ScrollerWrites', () => {
  function setUp() {
    const frames = new Map<number, () => void>();
    let nextFrame = 1;
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
      frames.set(nextFrame, callback);
      return nextFrame++;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
    const runFrame = () => {
      const waiting = [...frames.values()];
      frames.clear();
      for (const callback of waiting) callback();
    };
    const elements = {
      scroller: { scrollLeft: 0, scrollWidth: 0, clientWidth: 800 },
      content: { style: { width: '' } },
      stage: { style: { width: '' } },
    };
    let place: ScrollerPlace = { width: 4000, viewportWidth: 800, scrollLeft: 1200 };
    const writes = new ScrollerWrites(elements as unknown as ScrollerElements, () => place);
    return {
      writes,
      elements,
      runFrame,
      frames,
      setPlace: (next: ScrollerPlace) => (place = next),
    };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('writes a view change at the next frame, once, with the view of that frame', () => {
    const { writes, elements, runFrame, frames, setPlace } = setUp();
    writes.later();
    writes.later();
    expect(frames.size).toBe(1);
    expect(writes.waiting).toBe(true);
    expect(elements.scroller.scrollLeft).toBe(0);
    setPlace({ width: 6000, viewportWidth: 800, scrollLeft: 2500 });
    runFrame();
    expect(writes.waiting).toBe(false);
    expect(elements.content.style.width).toBe('6000px');
    expect(elements.stage.style.width).toBe('800px');
    expect(elements.scroller.scrollLeft).toBe(2500);
  });

  it('writes at once when asked, and the waiting frame then writes nothing', () => {
    const { writes, elements, runFrame, frames } = setUp();
    writes.later();
    writes.now();
    expect(elements.scroller.scrollLeft).toBe(1200);
    expect(frames.size).toBe(0);
    elements.scroller.scrollLeft = 1300;
    runFrame();
    expect(elements.scroller.scrollLeft).toBe(1300);
  });

  it('has a sideways wheel scroll from the view, not from a scroller still to be written', () => {
    const { writes, elements } = setUp();
    elements.scroller.scrollWidth = 4000;
    const handlers = new Map<string, (event: unknown) => void>();
    const stage = {
      addEventListener: (type: string, handler: (event: unknown) => void) =>
        handlers.set(type, handler),
      removeEventListener: () => undefined,
    };
    const scrolling = forwardStageScrolling(
      stage as unknown as HTMLElement,
      elements.scroller as unknown as HTMLElement,
      () => writes.now(),
    );
    writes.later();
    handlers.get('wheel')!({ ...wheel, deltaX: 50, preventDefault: () => undefined });
    expect(elements.scroller.scrollLeft).toBe(1250);
    expect(writes.waiting).toBe(false);
    scrolling.dispose();
  });
});
