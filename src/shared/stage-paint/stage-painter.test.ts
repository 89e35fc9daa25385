import { describe, expect, it } from 'vitest';
import { FakeCanvas2D, oneRectView } from './fake-canvas.test-support';
import { StagePainter, type MusicFont, type StageSize } from './stage-painter';

const size: StageSize = { width: 800, height: 100, pixelRatio: 1 };

const view = (key: number, color: number) => oneRectView(key, color);

function painter(musicFont: MusicFont | null = null) {
  const context = new FakeCanvas2D();
  const canvas = { width: 300, height: 150, getContext: () => context };
  let frames = 0;
  const stage = new StagePainter(canvas, context, () => Promise.resolve(++frames), musicFont);
  /** The colours of the rectangles painted at the view's place, in order. */
  const painted = () =>
    context.drawn
      .filter((d) => d.op === 'fillRect' && d.args[0] === 10 && d.args[1] === 5)
      .map((d) => d.style);
  return { stage, canvas, context, painted };
}

describe('StagePainter', () => {
  it('paints a view the page asks for once the file worker has sent it, in either order', async () => {
    const { stage, painted } = painter();
    stage.receive(view(1, 0x111111));
    expect(painted()).toEqual([]);
    expect((await stage.show({ key: 1, size, selection: null }))?.shownAt).toBe(1);
    expect(painted()).toEqual(['#111111']);

    const shown = stage.show({ key: 2, size, selection: null });
    expect(painted()).toEqual(['#111111']);
    stage.receive(view(2, 0x222222));
    expect((await shown)?.shownAt).toBe(2);
    expect(painted()).toEqual(['#111111', '#222222']);
  });

  it('drops a request superseded before its view came, and paints the newer one', async () => {
    const { stage, painted } = painter();
    const first = stage.show({ key: 1, size, selection: null });
    const second = stage.show({ key: 2, size, selection: null });
    stage.receive(view(1, 0x111111));
    stage.receive(view(2, 0x222222));
    expect(await first).toBeNull();
    expect(await second).not.toBeNull();
    expect(painted()).toEqual(['#222222']);
  });

  it('paints the time ruler with the view, before the frame, and reports its labels', async () => {
    const { stage } = painter();
    const rulerContext = new FakeCanvas2D();
    const ruler = { width: 0, height: 0, getContext: () => rulerContext };
    expect(stage.attachRuler(ruler)).toBe(true);
    stage.receive(view(1, 0x111111));
    const ticks = [{ x: 20, time: 5, label: '0:05', end: false }];
    const shown = stage.show({ key: 1, size, selection: null, ruler: { ticks, width: 800 } });
    // Painted in the same task as the view, so in the same frame.
    expect(rulerContext.drawn.some((drawn) => drawn.op === 'fillText')).toBe(true);
    expect([ruler.width, ruler.height]).toEqual([800, 20]);
    const frame = await shown;
    expect(Array.from(frame!.rulerLabels)).toEqual([0, 24, 0, 40, 20, 12]);
    expect(frame!.labels).toBeInstanceOf(Float32Array);
  });

  it('paints a view that comes with the request (laid out before the painter existed)', async () => {
    const { stage, painted } = painter();
    await stage.show({ key: -1, size, selection: null, view: view(-1, 0x333333) });
    expect(painted()).toEqual(['#333333']);
  });

  it('keeps the view on screen for a new selection however many views came after it', async () => {
    const { stage, context, painted } = painter();
    stage.receive(view(1, 0x111111));
    await stage.show({ key: 1, size, selection: null });
    for (let key = 2; key < 30; key++) stage.receive(view(key, 0x444444));
    const selection = { timeline: 0, x0: 100, x1: 200, y0: 0, y1: 40 };
    expect(await stage.show({ key: 1, size, selection })).not.toBeNull();
    expect(painted()).toEqual(['#111111', '#111111']);
    // The outline's top edge, 2 px inside the box, in the selection's colour.
    expect(context.drawn).toContainEqual({
      op: 'fillRect',
      style: '#1a5fd0',
      args: [100, 0, 100, 2],
    });
  });

  it('sizes the canvas in device pixels', async () => {
    const { stage, canvas } = painter();
    stage.receive(view(1, 0x111111));
    await stage.show({
      key: 1,
      size: { width: 800, height: 101, pixelRatio: 1.5 },
      selection: null,
    });
    expect([canvas.width, canvas.height]).toEqual([1200, 152]);
  });

  it('loads the music font for a view with music glyphs, then paints that view again with them', async () => {
    let loaded: string | null = null;
    let loads = 0;
    let fontArrives = () => {};
    const font: MusicFont = {
      loaded: () => loaded,
      load: () => {
        loads += 1;
        return new Promise((resolve) => {
          fontArrives = () => {
            loaded = 'Bravura';
            resolve();
          };
        });
      },
    };
    const { stage, context } = painter(font);
    const score = view(1, 0x111111);
    score.timelines[0]!.labels = [
      { x: 10, y: 30, text: '\uE050', size: 20, font: 'music' },
      { x: 60, y: 2, text: 'C4', size: 12 },
    ];
    await stage.show({ key: 1, size, selection: null, view: score });
    expect(context.texts()).toEqual(['C4']);
    expect(loads).toBe(1);
    fontArrives();
    await Promise.resolve();
    await Promise.resolve();
    expect(context.texts()).toEqual(['C4', '\uE050', 'C4']);
  });
});
