/** The timeline names' column (viewer.css: --viewer-names-width) and the box's left border. */
export function namesColumnWidth(pageWidth: number): number {
  return (pageWidth <= 600 ? 76 : 112) + 1;
}

/** The page's side padding (base.css: .page). */
export const PAGE_PADDING = 10;

/**
 * The timelines' stage on a page `pageWidth` wide whose main column is `mainWidth` wide (the
 * page less its padding, or less the PDF panel beside it): the column less the names and the
 * box's right border.
 */
export function stageWidth(pageWidth: number, mainWidth = pageWidth - 2 * PAGE_PADDING): number {
  return Math.floor(mainWidth - namesColumnWidth(pageWidth) - 1);
}
