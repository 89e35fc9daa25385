import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LayoutSession } from './layout-session';
import { layoutView, type ViewRequest } from './view-layout';
import { viewerFixture } from './viewer-fixture.test-support';

// layoutView itself, counted: a view laid out ahead must not be laid out again.
vi.mock('./view-layout', async (importOriginal) => {
  const original = await importOriginal<typeof import('./view-layout')>();
  return { ...original, layoutView: vi.fn(original.layoutView) };
});

const view: ViewRequest = { zoom: 1, scrollLeft: 0, viewportWidth: 800, width: 800 };
const bytes = () => new TextEncoder().encode(JSON.stringify(viewerFixture()));
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

beforeEach(() => {
  vi.mocked(layoutView).mockClear();
});

describe('LayoutSession.open with a first view', () => {
  it('answers first, then lays the view out ahead for the first request of it', async () => {
    const session = new LayoutSession();
    const opened = session.open(bytes(), view);
    expect(opened.ok && opened.header.timelines).toHaveLength(7);
    expect(layoutView).not.toHaveBeenCalled();
    await settle();
    expect(layoutView).toHaveBeenCalledTimes(1);

    const first = session.layout(view);
    expect(layoutView).toHaveBeenCalledTimes(1);
    // The view laid out ahead answers one request; the next is laid out afresh, the same.
    const again = session.layout(view);
    expect(layoutView).toHaveBeenCalledTimes(2);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('drops the view laid out ahead when another view is asked for first', async () => {
    const session = new LayoutSession();
    session.open(bytes(), view);
    await settle();
    session.layout({ ...view, zoom: 2 });
    session.layout(view);
    expect(layoutView).toHaveBeenCalledTimes(3);
  });

  it('lays nothing out for a file it could not open, or once the session is closed', async () => {
    const session = new LayoutSession();
    expect(session.open(new TextEncoder().encode('{"timelines": [tr'), view)).toMatchObject({
      ok: false,
      error: 'invalid-file',
    });
    session.open(bytes(), view);
    session.close();
    await settle();
    expect(layoutView).not.toHaveBeenCalled();
  });
});
