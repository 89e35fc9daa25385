/** The PDF panel's constants (SPEC.md sections 4 and 9). */

/** The panel never gets narrower than this. */
export const PANEL_MIN_WIDTH = 180;
/** The divider cannot be dragged closer than this to the viewer's left edge. */
export const DIVIDER_MIN_LEFT = 300;
/** The divider's own width, the grab area between the timelines and the panel. */
export const DIVIDER_WIDTH = 8;
/** The panel's share of the viewer's width before anyone drags the divider. */
export const PANEL_DEFAULT_SHARE = 0.35;
/** Arrow keys move the divider this far; with Shift, five times as far. */
export const DIVIDER_KEY_STEP = 20;

export const HOVER_MENU_COLLAPSED_WIDTH = 50;
/** The hover menu closes this long after a choice, so the pointer can leave it first. */
export const HOVER_MENU_CLOSE_DELAY_MS = 200;

/** Width / height of a page before it has loaded: A4. */
export const DEFAULT_PAGE_RATIO = 210 / 297;
/** Page zoom: 1 fits the whole page into the panel; buttons step by 0.2. */
export const PAGE_ZOOM_STEP = 0.2;
export const PAGE_ZOOM_MIN = 0.2;
export const PAGE_ZOOM_MAX = 5;

/** Pages rendered ahead of the one on screen, so a page turn never shows a blank frame. */
export const PAGES_AHEAD = 3;
/** A canvas never gets more pixels than this, whatever the zoom (memory on phones). */
export const MAX_CANVAS_PIXELS = 16_000_000;
/** After a resize or a zoom, pages re-render at the new size once this long has passed quietly. */
export const RERENDER_DELAY_MS = 150;

/** SPEC.md section 8, to the letter. */
export const PDF_MESSAGES = {
  loadFailed: 'Failed to load PDF file',
  loading: 'Loading PDF…',
  noFile: 'No PDF file specified',
  pageFailed: 'Failed to load the page',
  pageLoading: 'Loading page…',
  noPage: 'No page specified',
  needPassword: 'Enter the password to open this PDF file',
  wrongPassword: 'Invalid password. Please try again.',
} as const;
