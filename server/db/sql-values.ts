/**
 * Values of raw SQL as both databases give and take them: the rows of a statement run with
 * db.execute, and a PostgreSQL array literal of texts.
 */

/** The rows of a statement run with db.execute (PGlite and node-postgres both answer { rows }). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** A PostgreSQL array literal of texts: a parameter cast to text[], or a field of a COPY row. */
export function textArray(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
