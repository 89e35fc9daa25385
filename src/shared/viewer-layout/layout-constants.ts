/**
 * The viewer's layout constants (SPEC.md section 9). Every drawing size the layout functions use
 * comes from here, so the page, the worker and the tests agree on them.
 */
export const DEFAULT_TIMELINE_WIDTH = 1800;
/** Every timeline adds this much to the stack's height, as spacing below it. */
export const TIMELINE_SPACING = 5.5;

export const ZOOM_STEP = 0.2;
/**
 * Room after the media's end, so that the last component's label (a cadence, a measure number)
 * is on screen whole at fit-to-screen: the time axis spans the viewport less this.
 */
const MAX_END_MARGIN = 48;

/** The end margin after a time axis `width` px wide: MAX_END_MARGIN, less on a phone. */
export function endMargin(width: number): number {
  return Math.round(Math.min(MAX_END_MARGIN, Math.max(0, width) * 0.05));
}

/** The time axis's width at fit-to-screen in a viewport: the widest that leaves its margin. */
export function timeAxisWidth(viewportWidth: number): number {
  let width = Math.floor(viewportWidth - endMargin(viewportWidth));
  while (width > 1 && width + endMargin(width) > viewportWidth) width--;
  while (width + 1 + endMargin(width + 1) <= viewportWidth) width++;
  return width;
}
export const MIN_ZOOM = 1;
/** Room kept free under the timelines' scrollbar, at the window's bottom edge. */
export const WINDOW_BOTTOM_MARGIN = 10;
/** Past this many pixels per second nothing new becomes visible; zooming stops there. */
export const MAX_PIXELS_PER_SECOND = 2000;

export const TIMELINE_BAR_HEIGHT = 30;
export const HIERARCHY_LEVEL_HEIGHT = 30;
export const MARKER_HEIGHT = 30;
export const BEAT_HEIGHT = 30;
export const BEAT_TICK_HEIGHT = 8;
export const MEASURE_TICK_HEIGHT = 15;
export const HARMONY_HEIGHT = 60;
export const AUDIOWAVE_HEIGHT = 40;
export const AUDIOWAVE_BAR_WIDTH = 2;
export const PDF_HEIGHT = 30;
export const PDF_ICON_WIDTH = 20;
/** The desktop's default Score timeline height, and the least and most a staff gets. */
export const SCORE_HEIGHT = 160;
export const SCORE_STAFF_MIN_HEIGHT = 70;
export const SCORE_STAFF_MAX_HEIGHT = 120;

/**
 * The most a timeline grows to when the window has room (a hierarchy per level, a score per
 * staff): enough to read a row at a glance, not so much that a file of two timelines turns into
 * bars of 400 px. Slider rows are a line and a knob: they keep their height.
 */
export const MAX_HIERARCHY_LEVEL_HEIGHT = 60;
export const MAX_MARKER_HEIGHT = 45;
export const MAX_BEAT_HEIGHT = 45;
export const MAX_PDF_HEIGHT = 45;
export const MAX_HARMONY_HEIGHT = 100;
export const MAX_AUDIOWAVE_HEIGHT = 100;

/**
 * The desktop app's default heights (tilia/settings.py), which set the ratios between the rows
 * when a file does not give its own: harmony is two levels of 35.
 */
export const DESKTOP_DEFAULT_HEIGHTS = {
  HIERARCHY: 120,
  MARKER: 30,
  BEAT: 35,
  HARMONY: 70,
  AUDIOWAVE: 80,
  PDF: 30,
  SLIDER: 40,
  SCORE: 160,
  RANGE: 80,
} as const;

/** Beat labels (measure numbers) keep at least this distance between their left edges. */
export const MIN_BEAT_LABEL_SPACING = 25;

/**
 * The TiLiA desktop app's default hierarchy colours (tilia/settings.py,
 * hierarchy_default_colors), which it picks as colors[level % 10]: level 1 is the yellow.
 */
export const HIERARCHY_LEVEL_COLORS = [
  0x68de7c, 0xf2d675, 0xffabaf, 0xdcdcde, 0x9ec2e6, 0x00ba37, 0xdba617, 0xf86368, 0xa7aaad,
  0x4f94d4,
] as const;
export const AUDIOWAVE_COLOR = 0x3a78d4;
export const BEAT_TICK_COLOR = 0x5b5b5b;
export const DEFAULT_MARKER_COLOR = 0xe07b39;
/** A range that sets no colour, on a row that sets none. */
export const DEFAULT_RANGE_COLOR = 0x9ec2e6;
/** A Range timeline's lanes: the least and the most height of each. */
export const RANGE_LANE_HEIGHT = 24;
export const MAX_RANGE_LANE_HEIGHT = 45;
export const PDF_ICON_COLOR = 0x8c2f2f;
/** The timelines' backgrounds alternate: even ones the canvas's clear colour, odd ones darker. */
export const EVEN_BAND_COLOR = 0xf7f7f5;
export const ODD_BAND_COLOR = 0xefefec;
/** The white gap under each timeline. */
export const SPACING_COLOR = 0xffffff;
/**
 * A marker, drawn by the painter and hit by the pointer alike: a triangle reaching
 * MARKER_HALF_WIDTH either side of its time and MARKER_TRIANGLE_HEIGHT down to its point, and a
 * 1 px stem MARKER_STEM_HEIGHT long under the point.
 */
export const MARKER_HALF_WIDTH = 5;
export const MARKER_TRIANGLE_HEIGHT = 9;
export const MARKER_STEM_HEIGHT = 17;
export const TEXT_COLOR = 0x1f1f1f;
/** Glyphs painted under the shapes (a score's signatures): lighter than the notes over them. */
export const BEHIND_COLOR = 0x6b6b6b;
/** The labels' font, on the page's label layer and on the file worker's early screen alike. */
export const LABEL_FONT_FAMILY = 'Arial, Helvetica, sans-serif';
/** The music font of the Score timelines' glyphs (src/viewer/music-font.ts). */
export const MUSIC_FONT_FAMILY = 'Bravura';

/** A 0xRRGGBB colour as CSS and Canvas 2D take it. */
export function cssColor(color: number): string {
  return `#${(color & 0xffffff).toString(16).padStart(6, '0')}`;
}

/** Label fonts: sizes in px and the average glyph width used to fit text into a box. */
export const LABEL_FONT_SIZE = 12;
/** Measure numbers and marker labels: 12 px is the least that reads well at a glance. */
export const SMALL_LABEL_FONT_SIZE = 12;
/** Figured bass stacks two figures in a 30 px row: smaller, as in print. */
export const FIGURE_FONT_SIZE = 10;
export const AVERAGE_GLYPH_WIDTH = 0.6;
