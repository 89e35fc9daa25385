import { describe, expect, it } from 'vitest';
import { timeAxisWidth } from '../viewer-layout/layout-constants';
import { TIMELINE_SPACING } from '../viewer-layout/layout-constants';
import { prepareFile, type ViewerHeader } from '../viewer-layout/viewer-document';
import { viewerFixture } from '../viewer-layout/viewer-fixture.test-support';
import { planEarlyPage, type EarlyWindow } from './early-page';
import { tenPixelsAChar } from '../stage-paint/fake-canvas.test-support';

const desktop: EarlyWindow = { width: 1440, height: 900, mainWidthBesidePdf: 915 };
const phone: EarlyWindow = { width: 360, height: 740, mainWidthBesidePdf: 360 };

function header(change: (json: ReturnType<typeof viewerFixture>) => void = () => {}): ViewerHeader {
  const json = viewerFixture();
  change(json);
  return prepareFile(json).header;
}

const withoutPdf = (json: ReturnType<typeof viewerFixture>) => {
  json.timelines = json.timelines.filter((t) => t.kind !== 'PDF_TIMELINE');
};

describe('planEarlyPage', () => {
  it('puts the stage under the heading, the controls and the strip, as wide as the main column', () => {
    const plan = planEarlyPage(header(withoutPdf), desktop, tenPixelsAChar);
    expect(plan.heading.lines).toEqual(['T by C performed by P']);
    expect(plan.heading.y).toBe(79);
    expect(plan.stage.x).toBe(10 + 113);
    expect(plan.stage.width).toBe(1420 - 113 - 1);
    expect(plan.stage.y).toBeGreaterThan(plan.heading.y + 27 + 50);
    expect(plan.ruler.y + plan.ruler.height).toBe(plan.stage.y);
    // Every stand-in lies between the heading and the timelines.
    for (const box of plan.placeholders) {
      expect(box.y).toBeGreaterThan(plan.heading.y);
      expect(box.y + box.height).toBeLessThanOrEqual(plan.ruler.y);
    }
  });

  it('asks for the first view at fit, as wide as the stage, at heights that fill the room', () => {
    const plan = planEarlyPage(header(withoutPdf), desktop, tenPixelsAChar);
    const { request } = plan;
    expect(request).toMatchObject({ zoom: 1, scrollLeft: 0, viewportWidth: plan.stage.width });
    expect(request.width).toBe(timeAxisWidth(plan.stage.width));
    const heights = request.heights ?? [];
    const least = header(withoutPdf).timelines.map((t) => t.sizing.min);
    heights.forEach((height, i) => expect(height).toBeGreaterThanOrEqual(least[i]!));
    const stack = heights.reduce((sum, h) => sum + h + TIMELINE_SPACING, 0);
    expect(stack).toBeLessThanOrEqual(plan.stage.height);
    expect(heights.some((height, i) => height > least[i]!)).toBe(true);
  });

  it('moves the timelines down a line for each line the heading wraps to', () => {
    const short = planEarlyPage(header(withoutPdf), desktop, tenPixelsAChar);
    const long = planEarlyPage(
      header((json) => {
        withoutPdf(json);
        json.abstract_work.title = 'word '.repeat(40).trim();
      }),
      desktop,
      tenPixelsAChar,
    );
    expect(long.heading.lines.length).toBe(2);
    expect(long.heading.lines.every((line) => tenPixelsAChar(line) <= 1420)).toBe(true);
    expect(long.stage.y - short.stage.y).toBe(27);
  });

  it('makes room for a note on a recording the file came without', () => {
    const plain = planEarlyPage(header(withoutPdf), desktop, tenPixelsAChar);
    const noted = planEarlyPage(
      header((json) => {
        withoutPdf(json);
        json.concrete_work.media_name = 'take1.wav';
      }),
      desktop,
      tenPixelsAChar,
    );
    expect(noted.stage.y - plain.stage.y).toBeGreaterThanOrEqual(40);
    expect(noted.placeholders.length).toBe(plain.placeholders.length + 1);
  });

  it('beside an open PDF uses the main column; on a phone the PDF and the tools go below', () => {
    const withPdf = planEarlyPage(header(), desktop, tenPixelsAChar);
    expect(withPdf.stage.width).toBe(915 - 113 - 1);
    const onPhone = planEarlyPage(header(), phone, tenPixelsAChar);
    expect(onPhone.stage.x).toBe(10 + 77);
    expect(onPhone.stage.width).toBe(340 - 77 - 1);
    // Heading, then the toolbar (69 px on a phone without a recording that plays), then the
    // timelines: no strip in between.
    const headingEnd = onPhone.heading.y + onPhone.heading.lines.length * 26.984 + 12;
    expect(onPhone.ruler.y).toBe(Math.round(headingEnd + 69.05));
    // A recording that plays adds a line of playback buttons and the speed.
    const plays = planEarlyPage(
      header((json) => {
        json.concrete_work.storage = 'youtube';
        json.concrete_work.url = 'https://www.youtube.com/watch?v=abcdefghijk';
      }),
      phone,
      tenPixelsAChar,
    );
    const media = plays.placeholders[0]!.height;
    expect(plays.ruler.y).toBe(Math.round(headingEnd + media + 113.05));
  });

  it('a narrower main column wraps the strip onto more rows, and the stage moves down', () => {
    const wide = planEarlyPage(header(), { ...desktop, mainWidthBesidePdf: 1000 }, tenPixelsAChar);
    const narrow = planEarlyPage(header(), { ...desktop, mainWidthBesidePdf: 500 }, tenPixelsAChar);
    expect(narrow.stage.y).toBeGreaterThan(wide.stage.y);
  });

  it('a window too low for the stack keeps every timeline at its least height', () => {
    const plan = planEarlyPage(header(withoutPdf), { ...desktop, height: 300 }, tenPixelsAChar);
    expect(plan.request.heights).toEqual(header(withoutPdf).timelines.map((t) => t.sizing.min));
  });
});
