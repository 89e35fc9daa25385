/** Release notes of the desktop app (src/content/releases.json, copied from the shared data). */
export interface ReleaseNote {
  version: string;
  /** 'YYYY-MM' */
  date: string;
  changes: string[];
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** '2025-06' -> 'June 2025'. Written by hand so the output does not depend on the browser locale. */
export function formatReleaseMonth(date: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(date);
  const month = match ? monthNames[Number(match[2]) - 1] : undefined;
  if (!match || !month) {
    throw new Error(`Release date must be 'YYYY-MM', got '${date}'`);
  }
  return `${month} ${match[1]}`;
}

/**
 * Orders versions like '0.5.12', '0.4-beta', '0.3'. Numeric parts compare as numbers, a missing
 * part counts as 0, and a pre-release ('-beta') comes before the release with the same numbers.
 */
export function compareVersions(a: string, b: string): number {
  const [aCore = '', aPre] = a.split('-', 2);
  const [bCore = '', bPre] = b.split('-', 2);
  const aParts = aCore.split('.').map(Number);
  const bParts = bCore.split('.').map(Number);
  for (let i = 0; i < Math.max(aParts.length, bParts.length); i += 1) {
    const difference = (aParts[i] ?? 0) - (bParts[i] ?? 0);
    if (difference !== 0) return difference;
  }
  if (aPre === bPre) return 0;
  if (aPre === undefined) return 1;
  if (bPre === undefined) return -1;
  return aPre < bPre ? -1 : 1;
}

export function releasesNewestFirst(releases: readonly ReleaseNote[]): ReleaseNote[] {
  return [...releases].sort((a, b) => compareVersions(b.version, a.version));
}
