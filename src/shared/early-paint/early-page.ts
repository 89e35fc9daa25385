import type { Box } from '../stage-paint/paint-view';
import { timeAxisWidth, WINDOW_BOTTOM_MARGIN } from '../viewer-layout/layout-constants';
import { namesColumnWidth, PAGE_PADDING, stageWidth } from '../viewer-layout/names-column';
import { fitTimelineHeights } from '../viewer-layout/timeline-heights';
import type { ViewRequest } from '../viewer-layout/view-layout';
import type { ViewerHeader } from '../viewer-layout/viewer-document';
import { missingFileText, nowPlayingTimelines, viewerHeading } from './viewer-page-text';

/**
 * Where the viewer page puts what it shows above and in the timelines, worked out from the file's
 * header and the window alone, so that the file worker can paint the page's first screen before
 * the app has rendered it (src/viewer/early-viewer.ts). The numbers mirror the stylesheets
 * (base.css, nav-bar.css, viewer.css, timeline-tools.css); the viewer's E2E tests compare the
 * result with the page as rendered, so a change there that moves the timelines shows up.
 */

export type VideoSize = 'small' | 'medium' | 'large';
export const VIDEO_WIDTHS: Record<VideoSize, number> = { small: 320, medium: 480, large: 720 };

export const SANS_FONT =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/** The site header (64 px and its border). */
const NAV_HEIGHT = 65;
/** .viewer-page h1: 1.35rem bold (line height 1.249), margins 0.25rem above and 0.75rem below. */
const HEADING = { size: 21.6, line: 26.984, marginTop: 4, marginBottom: 12 };
/**
 * .viewer-missing: 14 px text at the body's line height of 1.6, in a box with a 4 px accent at
 * the left, 10 px of padding at the sides and 6 px above and under, then 6 px of margin.
 */
const NOTE = { size: 14, line: 22.4, chrome: 2 + 12 + 4, sides: 4 + 20 + 1, margin: 6 };
/**
 * .viewer-toolbar: one line of 40 px buttons. On a phone, a recording that plays takes three
 * lines (the playback buttons and the speed, then zoom and link, then the clock), each 40 px and
 * 4 px apart; without one (no play, stop, loop or speed), the clock takes the second line.
 */
const TOOLBAR = { height: 50, phoneHeight: 113.05, phoneHeightSilent: 69.05 };
/** .timeline-tools__bar: a line of buttons, 0.5rem of margin above and under. */
const TOOLS = { barHeight: 37.19, margin: 8 };
/** .now-playing: a grid of 15rem columns 1.5rem apart, rows 0.25rem apart, in a bordered box. */
const STRIP = { chrome: 2 + 11.2, row: 25.6, rowGap: 4, column: 240, columnGap: 24 };
/** .viewer-ruler, above the stage. */
const RULER_HEIGHT = 20;
/** Under the stage: the scroller's strip and the border (then WINDOW_BOTTOM_MARGIN). */
const BELOW_STAGE = 2;
/** The viewer's phone layout: what reads the timelines folds below them. */
const PHONE_WIDTH = 700;

export type { Box };

/** What the page knows of itself before any file is open. */
export interface EarlyWindow {
  /** The document's width without a scrollbar, and the window's height, in CSS px. */
  width: number;
  height: number;
  /** The viewer's main column beside an open PDF panel (src/viewer/pdf/panel-geometry.ts). */
  mainWidthBesidePdf: number;
}

export interface EarlyPagePlan {
  heading: { lines: string[]; x: number; y: number; line: number; font: string };
  /** Empty boxes standing in for what the app renders: media, notes, toolbar, tools. */
  placeholders: Box[];
  names: Box;
  ruler: Box;
  stage: Box;
  /** The first view at the heights the room gives, as the page will ask for it. */
  request: ViewRequest;
  nav: Box;
}

export type MeasureText = (text: string, font: string) => number;

/** Words into lines no wider than `width` (a word wider than the line has it alone). */
function wrap(text: string, width: number, font: string, measure: MeasureText): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate, font) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

function mediaHeight(header: ViewerHeader, width: number): number {
  const { storage, type } = header.concreteWork;
  const video = storage === 'youtube' || (storage === 'staticfiles' && type === 'video');
  return video ? Math.round((Math.min(VIDEO_WIDTHS.medium, width) * 9) / 16) : 0;
}

/** The now-playing strip's height, or 0 without a strip. */
function stripHeight(count: number, width: number): number {
  if (count === 0) return 0;
  const inner = width - STRIP.chrome;
  const columns = Math.max(
    1,
    Math.floor((inner + STRIP.columnGap) / (STRIP.column + STRIP.columnGap)),
  );
  const rows = Math.ceil(count / columns);
  return STRIP.chrome + rows * STRIP.row + (rows - 1) * STRIP.rowGap;
}

/** The viewer page's first screen for a file in a window, as the page will lay it out. */
export function planEarlyPage(
  header: ViewerHeader,
  window: EarlyWindow,
  measure: MeasureText,
): EarlyPagePlan {
  const phone = window.width <= PHONE_WIDTH;
  const x = PAGE_PADDING;
  const contentWidth = window.width - 2 * PAGE_PADDING;
  const pdfPanel = !phone && header.timelines.some((t) => t.kind === 'PDF' && t.pdfUrl);
  const mainWidth = pdfPanel ? window.mainWidthBesidePdf : contentWidth;
  const headingFont = `bold ${HEADING.size}px ${SANS_FONT}`;
  const heading = {
    lines: wrap(viewerHeading(header), contentWidth, headingFont, measure),
    x,
    y: NAV_HEIGHT + PAGE_PADDING + HEADING.marginTop,
    line: HEADING.line,
    font: headingFont,
  };
  let y = heading.y + heading.lines.length * HEADING.line + HEADING.marginBottom;
  const placeholders: Box[] = [];
  const place = (width: number, height: number, gap = 0) => {
    if (height > 0) placeholders.push({ x, y: Math.round(y), width, height: Math.round(height) });
    y += height + gap;
  };
  const media = mediaHeight(header, mainWidth);
  place(Math.min(VIDEO_WIDTHS.medium, mainWidth), media);
  if (header.missingFiles.length > 0) {
    const noteFont = `${NOTE.size}px ${SANS_FONT}`;
    const lines = header.missingFiles.map(
      (file) =>
        wrap(missingFileText(file, false), mainWidth - NOTE.sides, noteFont, measure).length,
    );
    const height =
      NOTE.chrome + lines.reduce((sum, n) => sum + n * NOTE.line, 0) + (lines.length - 1) * 2;
    place(mainWidth, height, NOTE.margin);
  }
  const plays = header.concreteWork.storage !== 'abstract';
  const phoneToolbar = plays ? TOOLBAR.phoneHeight : TOOLBAR.phoneHeightSilent;
  place(mainWidth, phone ? phoneToolbar : TOOLBAR.height);
  if (!phone) {
    y += TOOLS.margin;
    place(120, TOOLS.barHeight, TOOLS.margin);
    const strip = stripHeight(nowPlayingTimelines(header.timelines).length, mainWidth);
    if (strip > 0) place(mainWidth, strip, TOOLS.margin);
  }
  const namesWidth = namesColumnWidth(window.width);
  const stageX = x + namesWidth;
  const width = Math.max(100, stageWidth(window.width, mainWidth));
  // The room as stack-room.ts measures it on the page, from the stage's fractional top; the
  // boxes are painted at whole pixels.
  const stageTop = y + RULER_HEIGHT;
  const room = Math.floor(window.height - stageTop - BELOW_STAGE - WINDOW_BOTTOM_MARGIN);
  const heights = fitTimelineHeights(
    header.timelines.map((timeline) => timeline.sizing),
    room,
  );
  return {
    nav: { x: 0, y: 0, width: window.width, height: NAV_HEIGHT },
    heading,
    placeholders,
    names: { x: x + 1, y: Math.round(stageTop), width: namesWidth - 2, height: Math.max(0, room) },
    ruler: { x: stageX, y: Math.round(y), width, height: RULER_HEIGHT },
    stage: { x: stageX, y: Math.round(stageTop), width, height: Math.max(0, room) },
    request: {
      zoom: 1,
      scrollLeft: 0,
      viewportWidth: width,
      width: timeAxisWidth(width),
      heights,
    },
  };
}
