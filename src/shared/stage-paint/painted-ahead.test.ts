import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeCanvas2D, FakeScratch, oneRectView } from './fake-canvas.test-support';
import { StagePainter, type MusicFont, type StageSize } from './stage-painter';

const size: StageSize = { width: 800, height: 100, pixelRatio: 1 };

/** A view of one timeline with one rectangle of `color` and a label, laid out ahead or not. */
const view = (key: number, color: number, ahead = true) =>
  oneRectView(key, color, { ahead, labelled: true });

/** Lets the painter's tasks due now run (it paints one view ahead per task). */
async function tasksRun(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

/** Lets the stage rest, long enough for the views ahead after the first to be painted. */
async function rested(): Promise<void> {
  await vi.advanceTimersByTimeAsync(1_000);
}

function painter(
  options: { scratch?: boolean; musicFont?: MusicFont; frame?: () => Promise<number> } = {},
) {
  const context = new FakeCanvas2D();
  const canvas = { width: 300, height: 150, getContext: () => context };
  const scratches: FakeScratch[] = [];
  const makeScratch = (width: number, height: number) => {
    const scratch = new FakeScratch(width, height);
    scratches.push(scratch);
    return scratch;
  };
  const stage = new StagePainter(
    canvas,
    context,
    options.frame ?? (() => Promise.resolve(0)),
    options.musicFont ?? null,
    options.scratch === false ? undefined : makeScratch,
  );
  const pictures = () => scratches.flatMap((scratch) => scratch.pictures);
  /** The colours of the rectangles painted on a list of drawings at the view's place. */
  const colors = (drawn: FakeCanvas2D['drawn']) =>
    drawn.filter((d) => d.op === 'fillRect' && d.args[0] === 10).map((d) => d.style);
  return { stage, context, pictures, scratches, colors };
}

/** Shows view 1 so that the painter knows the stage's size. */
async function shownFirst(stage: StagePainter) {
  stage.receive(view(1, 0x111111, false));
  await stage.show({ key: 1, size, selection: null });
}

describe('StagePainter painting ahead', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('paints a view laid out ahead before it is asked for, and shows its picture', async () => {
    const { stage, context, pictures, colors } = painter();
    await shownFirst(stage);
    const before = context.drawn.length;
    stage.receive(view(2, 0x222222));
    await tasksRun();
    // Painted off screen, not on the stage.
    expect(context.drawn.length).toBe(before);
    const [picture] = pictures();
    expect(colors(picture!.drawn)).toEqual(['#222222']);

    const shown = await stage.show({ key: 2, size, selection: null });
    const drawnAtStep = context.drawn.slice(before);
    expect(drawnAtStep).toEqual([{ op: 'drawImage', style: '', args: [picture!.id, 0, 0] }]);
    // The labels' boxes are those painted ahead: a hit test finds the label there.
    const label = Array.from(shown!.labels);
    expect(label.slice(0, 4)).toEqual([0, 0, 60, 2]);
  });

  it('shows a view from its picture again when the page comes back to it', async () => {
    const { stage, context, pictures } = painter();
    await shownFirst(stage);
    stage.receive(view(2, 0x222222));
    await tasksRun();
    await stage.show({ key: 2, size, selection: null });
    stage.receive(view(3, 0x333333));
    await tasksRun();
    await stage.show({ key: 3, size, selection: null });
    // A zoom step back: the file worker sends the view before under its key again.
    stage.receive(view(2, 0x222222, false));
    const before = context.drawn.length;
    const shown = await stage.show({ key: 2, size, selection: null });
    expect(context.drawn.slice(before)).toEqual([
      { op: 'drawImage', style: '', args: [pictures()[0]!.id, 0, 0] },
    ]);
    expect(Array.from(shown!.labels).slice(0, 4)).toEqual([0, 0, 60, 2]);
  });

  it('draws the selection over a picture painted ahead', async () => {
    const { stage, context } = painter();
    await shownFirst(stage);
    stage.receive(view(2, 0x222222));
    await tasksRun();
    const before = context.drawn.length;
    const selection = { timeline: 0, x0: 100, x1: 200, y0: 0, y1: 40 };
    await stage.show({ key: 2, size, selection });
    const drawnAtStep = context.drawn.slice(before);
    expect(drawnAtStep[0]?.op).toBe('drawImage');
    expect(drawnAtStep).toContainEqual({
      op: 'fillRect',
      style: '#1a5fd0',
      args: [100, 0, 100, 2],
    });
  });

  it('paints a view the page asked for at the step, not ahead', async () => {
    const { stage, context, pictures, colors } = painter();
    await shownFirst(stage);
    stage.receive(view(2, 0x222222, false));
    await tasksRun();
    expect(pictures()).toEqual([]);
    await stage.show({ key: 2, size, selection: null });
    expect(colors(context.drawn)).toEqual(['#111111', '#222222']);
  });

  it('paints a view again where the stage has another size than its picture', async () => {
    const { stage, context, scratches, colors } = painter();
    await shownFirst(stage);
    stage.receive(view(2, 0x222222));
    await tasksRun();
    await stage.show({ key: 2, size: { ...size, width: 900 }, selection: null });
    expect(context.drawn.some((d) => d.op === 'drawImage')).toBe(false);
    expect(colors(context.drawn)).toEqual(['#111111', '#222222']);
    // The picture's canvas is freed, not kept for views of a size the stage no longer has.
    expect(scratches.map((scratch) => scratch.width)).toEqual([0]);
  });

  it('paints the first view sent after a step at once, the others once the stage has rested', async () => {
    const { stage, pictures, colors } = painter();
    await shownFirst(stage);
    stage.receive(view(2, 0x222222));
    stage.receive(view(3, 0x333333));
    await tasksRun();
    expect(pictures().map((picture) => colors(picture.drawn))).toEqual([['#222222']]);
    await rested();
    expect(pictures().map((picture) => colors(picture.drawn))).toEqual([['#222222'], ['#333333']]);
  });

  it('paints a view sent ahead while a frame is on its way only once that frame is on screen', async () => {
    let frameShown: (at: number) => void = () => undefined;
    const frame = () =>
      new Promise<number>((resolve) => {
        frameShown = resolve;
      });
    const { stage, pictures, colors } = painter({ frame });
    stage.receive(view(1, 0x111111, false));
    const shown = stage.show({ key: 1, size, selection: null });
    // The next zoom step's view comes while view 1's frame is on its way.
    stage.receive(view(2, 0x222222));
    await tasksRun();
    expect(pictures()).toEqual([]);
    frameShown(16);
    await shown;
    await tasksRun();
    expect(pictures().map((picture) => colors(picture.drawn))).toEqual([['#222222']]);
  });

  it('drops the views queued ahead of a view once another is shown', async () => {
    const { stage, pictures } = painter();
    await shownFirst(stage);
    stage.receive(view(2, 0x222222));
    stage.receive(view(3, 0x333333));
    await tasksRun();
    stage.receive(view(4, 0x444444, false));
    await stage.show({ key: 4, size, selection: null });
    await rested();
    expect(pictures()).toHaveLength(1);
  });

  it('keeps the three pictures painted last, and paints the next on the canvas of the oldest', async () => {
    const { stage, context, scratches, colors } = painter();
    await shownFirst(stage);
    for (let key = 2; key <= 6; key++) {
      stage.receive(view(key, 0x100000 * key));
      await rested();
    }
    // Views 2 to 5 painted on a canvas each; view 6 on view 2's, whose picture was dropped.
    expect(scratches.map((scratch) => scratch.pictures.map((p) => colors(p.drawn)))).toEqual([
      [['#200000'], ['#600000']],
      [['#300000']],
      [['#400000']],
      [['#500000']],
    ]);
    const before = context.drawn.length;
    await stage.show({ key: 2, size, selection: null });
    expect(colors(context.drawn.slice(before))).toEqual(['#200000']);
    await stage.show({ key: 6, size, selection: null });
    expect(context.drawn.at(-1)).toEqual({
      op: 'drawImage',
      style: '',
      args: [scratches[0]!.latest()!.id, 0, 0],
    });
  });

  it('paints nothing ahead before the stage has a size, or without a canvas off screen', async () => {
    const first = painter();
    first.stage.receive(view(2, 0x222222));
    await tasksRun();
    expect(first.pictures()).toEqual([]);

    const page = painter({ scratch: false });
    await shownFirst(page.stage);
    page.stage.receive(view(2, 0x222222));
    await tasksRun();
    await page.stage.show({ key: 2, size, selection: null });
    expect(page.colors(page.context.drawn)).toEqual(['#111111', '#222222']);
  });

  it('waits for the music font before painting a view with music glyphs ahead', async () => {
    const font: MusicFont = { loaded: () => null, load: () => new Promise(() => {}) };
    const { stage, pictures } = painter({ musicFont: font });
    await shownFirst(stage);
    const score = view(2, 0x222222);
    score.timelines[0]!.labels = [{ x: 10, y: 30, text: '\uE050', size: 20, font: 'music' }];
    stage.receive(score);
    await tasksRun();
    expect(pictures()).toEqual([]);
  });
});
