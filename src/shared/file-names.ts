/**
 * What a file is called where people pick it out of a list or see it open: its work's title,
 * and where that does not tell it apart (no title, the desktop's "Untitled", or a title another
 * listed file shares) the name it was uploaded under as well.
 */

/** SPEC.md section 2: the title a file without one is shown with. */
export const UNTITLED = 'Untitled';

/** Whether a title names nothing: empty, blank, or the "Untitled" the desktop app defaults to. */
export function isUntitled(title: string | null | undefined): boolean {
  const trimmed = (title ?? '').trim();
  return trimmed === '' || trimmed.toLowerCase() === UNTITLED.toLowerCase();
}

/** The title to show: the work's, or "Untitled". */
export function shownTitle(title: string | null | undefined): string {
  return isUntitled(title) ? UNTITLED : (title ?? '').trim();
}

/**
 * The ids of the listed files that need their file name beside the title: the untitled ones and
 * those whose title (ignoring case and surrounding spaces) another listed file shares.
 */
export function filesNeedingName(
  rows: readonly { id: number; title: string | null | undefined }[],
): Set<number> {
  const counts = new Map<string, number>();
  const key = (title: string | null | undefined) => (title ?? '').trim().toLowerCase();
  for (const row of rows) counts.set(key(row.title), (counts.get(key(row.title)) ?? 0) + 1);
  return new Set(
    rows
      .filter((row) => isUntitled(row.title) || (counts.get(key(row.title)) ?? 0) > 1)
      .map((row) => row.id),
  );
}

/** A file name without the .tla or .json the desktop app gives it. */
export function fileNameStem(fileName: string): string {
  return fileName.replace(/\.(tla|json)$/i, '');
}

/**
 * The name of a file on its own (the viewer's heading): its title, or for an untitled file the
 * name it was uploaded under (without the extension), or "Untitled" when that is unknown too.
 */
export function fileHeading(title: string | null | undefined, fileName?: string | null): string {
  if (!isUntitled(title)) return (title ?? '').trim();
  const stem = fileNameStem((fileName ?? '').trim());
  return stem === '' ? UNTITLED : stem;
}
