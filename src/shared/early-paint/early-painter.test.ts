import { describe, expect, it, vi } from 'vitest';
import { layoutView, type ViewRequest } from '../viewer-layout/view-layout';
import { prepareFile } from '../viewer-layout/viewer-document';
import { viewerFixture } from '../viewer-layout/viewer-fixture.test-support';
import { EarlyPainter, type EarlyPaintRequest } from './early-painter';
import { FakeCanvas2D } from '../stage-paint/fake-canvas.test-support';

const file = prepareFile(viewerFixture());
const window = { width: 1200, height: 800, mainWidthBesidePdf: 760, pixelRatio: 1 };

function setUp(context: FakeCanvas2D | null = new FakeCanvas2D()) {
  let frame: (time: number) => void = () => undefined;
  const host = {
    layout: vi.fn((request: ViewRequest) => layoutView(file, request)),
    warmUp: vi.fn(),
    nextFrame: () => new Promise<number>((resolve) => (frame = resolve)),
  };
  const painter = new EarlyPainter(host);
  const request: EarlyPaintRequest = {
    canvas: { width: 1200, height: 800, getContext: () => context },
    window,
  };
  return { host, painter, request, context, showFrame: (time: number) => frame(time) };
}

describe('EarlyPainter', () => {
  it('paints once the file is open and resolves when the frame is on screen; then warms up', async () => {
    const { host, painter, request, context, showFrame } = setUp();
    const painted = painter.paintWhenOpen(request);
    expect(context!.drawn.filter((d) => d.op === 'fillText')).toEqual([]);
    painter.opened(file.header);
    expect(context!.texts()).toContain('T by C performed by P');
    expect(host.warmUp).not.toHaveBeenCalled();
    showFrame(1234.5);
    const result = await painted;
    expect(result?.time).toBe(1234.5);
    expect(result?.stage.width).toBeGreaterThan(0);
    expect(host.warmUp).toHaveBeenCalledTimes(1);
  });

  it('resolves with null when the file does not open, when asked again, or when painting fails', async () => {
    const first = setUp();
    const never = first.painter.paintWhenOpen(first.request);
    first.painter.opened(null);
    expect(await never).toBeNull();

    const second = setUp();
    const replaced = second.painter.paintWhenOpen(second.request);
    void second.painter.paintWhenOpen(second.request);
    expect(await replaced).toBeNull();

    const broken = new FakeCanvas2D();
    broken.fillText = () => {
      throw new Error('no fonts here');
    };
    const third = setUp(broken);
    const failed = third.painter.paintWhenOpen(third.request);
    expect(() => third.painter.opened(file.header)).not.toThrow();
    expect(await failed).toBeNull();
  });

  it('does nothing on open when no canvas was handed over', () => {
    const { host, painter } = setUp();
    painter.opened(file.header);
    expect(host.layout).not.toHaveBeenCalled();
  });
});
