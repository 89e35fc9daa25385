/**
 * Windows wide enough for a column beside the timelines: the inspector stands there (above the
 * score PDF, if the file has one), in view while the timelines fill the window's height; on
 * narrower ones it folds below the timelines. The early screen's outline (early-shell.ts) asks the
 * same question, so that its stage is as wide as the page's.
 */
export const SIDE_COLUMN_QUERY = '(min-width: 1200px)';

export function hasSideColumn(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(SIDE_COLUMN_QUERY).matches;
}

/** Calls `changed` when the window gains or loses the side column; returns how to stop. */
export function watchSideColumn(changed: () => void): () => void {
  const query = window.matchMedia(SIDE_COLUMN_QUERY);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** The side column's text while nothing is selected. */
export const INSPECTOR_HINT = 'Select a component to see its fields here.';
