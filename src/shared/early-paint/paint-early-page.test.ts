import { describe, expect, it } from 'vitest';
import { layoutView } from '../viewer-layout/view-layout';
import { prepareFile } from '../viewer-layout/viewer-document';
import { viewerFixture } from '../viewer-layout/viewer-fixture.test-support';
import { planEarlyPage } from './early-page';
import { FakeCanvas2D, tenPixelsAChar } from '../stage-paint/fake-canvas.test-support';
import { paintEarlyPage } from './paint-early-page';

describe('paintEarlyPage', () => {
  it('paints below the site header only, with the heading, names and the first view', () => {
    const json = viewerFixture();
    json.timelines[0]!.name = 'A very long name for a timeline of sections';
    const file = prepareFile(json);
    const window = { width: 1440, height: 900, mainWidthBesidePdf: 915 };
    const plan = planEarlyPage(file.header, window, tenPixelsAChar);
    const layout = layoutView(file, plan.request);
    const context = new FakeCanvas2D();
    paintEarlyPage(context, plan, file.header, layout, window);
    for (const { op, args } of context.drawn) {
      if (op === 'fillRect') expect(Number(args[1])).toBeGreaterThanOrEqual(65);
    }
    const texts = context.texts();
    expect(texts[0]).toBe('T by C performed by P');
    // Names fit the column (112 px less padding, 10 px a character here): long ones are cut.
    const cut = texts.find((text) => text.startsWith('A very'))!;
    expect(cut.endsWith('…')).toBe(true);
    expect(tenPixelsAChar(cut)).toBeLessThanOrEqual(plan.names.width - 12);
    expect(texts).toEqual(expect.arrayContaining(['Cadences', 'PAC', 'HC']));
  });
});
