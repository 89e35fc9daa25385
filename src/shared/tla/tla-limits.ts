/**
 * Size limits that keep a hostile upload from tying up a server process or a browser tab. Real
 * files are far inside them: the desktop caps an audiowave at 2,500 bars, and the largest files
 * seen are a few megabytes of components or of a score's SVG.
 */

/** Characters of JSON text (about 128 MiB of ASCII); the upload route may well set a lower cap. */
export const MAX_TEXT_LENGTH = 128 * 1024 * 1024;

export const MAX_TIMELINES = 10_000;

export const MAX_COMPONENTS_PER_TIMELINE = 1_000_000;

/** The .tla format nests six levels deep; 100 leaves room for unknown kinds' own data. */
export const MAX_DEPTH = 100;

/**
 * Any string value or key. A score timeline's `svg_data` is exempt: it is the rendered score,
 * megabytes by design, and the reader does not use it.
 */
export const MAX_STRING_LENGTH = 1_000_000;
export const UNLIMITED_STRING_KEYS: ReadonlySet<string> = new Set(['svg_data']);
