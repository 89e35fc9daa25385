/** The timeline names' column (viewer.css: --viewer-names-width) and the box's left border. */
export function namesColumnWidth(pageWidth: number): number {
  return (pageWidth <= 600 ? 76 : 112) + 1;
}
