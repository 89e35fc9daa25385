/** Keyboard moves of the table view's grid (the WAI-ARIA grid pattern), as pure functions. */

export const TABLE_PAGE_SIZE = 100;

export interface GridCell {
  row: number;
  column: number;
}

export function pageOf(row: number): number {
  return Math.floor(Math.max(0, row) / TABLE_PAGE_SIZE);
}

/**
 * The cell a key moves to, or null when the key is not a grid key. Moves stop at the edges:
 * arrows by one, Page Up/Down by a page, Home/End to the row's ends, Ctrl+Home/End to the
 * grid's first and last rows.
 */
export function gridMove(
  from: GridCell,
  key: string,
  ctrl: boolean,
  size: { rows: number; columns: number },
): GridCell | null {
  if (size.rows === 0) return null;
  const lastRow = size.rows - 1;
  const lastColumn = size.columns - 1;
  const at = (row: number, column: number): GridCell => ({
    row: Math.max(0, Math.min(lastRow, row)),
    column: Math.max(0, Math.min(lastColumn, column)),
  });
  switch (key) {
    case 'ArrowDown':
      return at(from.row + 1, from.column);
    case 'ArrowUp':
      return at(from.row - 1, from.column);
    case 'ArrowRight':
      return at(from.row, from.column + 1);
    case 'ArrowLeft':
      return at(from.row, from.column - 1);
    case 'PageDown':
      return at(from.row + TABLE_PAGE_SIZE, from.column);
    case 'PageUp':
      return at(from.row - TABLE_PAGE_SIZE, from.column);
    case 'Home':
      return ctrl ? at(0, from.column) : at(from.row, 0);
    case 'End':
      return ctrl ? at(lastRow, from.column) : at(from.row, lastColumn);
    default:
      return null;
  }
}
