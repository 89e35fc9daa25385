import { describe, expect, it } from 'vitest';
import { LayoutSession } from './layout-session';
import { viewerFixture } from './viewer-fixture.test-support';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('LayoutSession', () => {
  it('opens the file bytes and answers layout, component and navigation requests', () => {
    const session = new LayoutSession();
    const opened = session.open(bytes(viewerFixture()));
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.header.timelines).toHaveLength(7);
    const layout = session.layout({ zoom: 1, scrollLeft: 0, viewportWidth: 800, width: 800 });
    expect(layout.timelines).toHaveLength(7);
    expect(session.component({ timeline: 2, index: 0 })).toMatchObject({ id: 41, label: 'PAC' });
    expect(session.neighbour({ timeline: 2, index: 1 }, 'right')).toEqual({
      timeline: 2,
      index: 0,
    });
    expect(session.findComponent(33)).toEqual({ timeline: 1, index: 2 });
    expect(session.findComponent(5)).toBeNull();
  });

  it('hands the file JSON over in parts that put it back together exactly', () => {
    const session = new LayoutSession();
    const fixture = viewerFixture();
    session.open(bytes(fixture));
    const head = JSON.parse(session.documentPart(null)) as typeof fixture;
    expect(head.timelines.every((timeline) => timeline.components.length === 0)).toBe(true);
    head.timelines.forEach((timeline, index) => {
      timeline.components = JSON.parse(session.documentPart(index)) as typeof timeline.components;
    });
    expect(head).toEqual(fixture);
    expect(session.documentPart(99)).toBe('[]');
    session.close();
    expect(() => session.documentPart(null)).toThrow();
  });

  it('reports a hierarchy without height as data, with the SPEC message', () => {
    const session = new LayoutSession();
    const result = session.open(
      bytes(viewerFixture([{ kind: 'HIERARCHY_TIMELINE', height: null }])),
    );
    expect(result).toEqual({
      ok: false,
      error: 'timeline-height',
      message: "Can't determine timeline height.",
    });
  });

  it('reports unreadable bytes as data', () => {
    const session = new LayoutSession();
    expect(session.open(new TextEncoder().encode('{nope')).ok).toBe(false);
    expect(() => session.layout({ zoom: 1, scrollLeft: 0, viewportWidth: 1, width: 1 })).toThrow();
  });
});
