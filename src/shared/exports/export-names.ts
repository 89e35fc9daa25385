/**
 * Names of exported files: after the work (as files/{id}/tla names its download), then the
 * timeline where the file holds one timeline, each made safe for any file system.
 */
import { EXPORT_FORMAT_INFO, type ExportFormat } from './export-formats';

/** Characters no file system accepts in a name, and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what is replaced
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;
/** Long enough for any real title, short enough for every file system (255 bytes). */
const MAX_NAME_LENGTH = 120;

/** A name made safe: unsafe characters become '_', spaces at the ends and trailing dots go. */
export function safeName(name: string, fallback: string): string {
  const safe = [...name.replace(UNSAFE, '_')]
    .slice(0, MAX_NAME_LENGTH)
    .join('')
    .trim()
    .replace(/[. ]+$/, '');
  return safe || fallback;
}

/**
 * Each timeline's file name in a zip: its name made safe, the timeline's kind when it has none,
 * and ' (2)', ' (3)' after names met before (without regard to case, as Windows and macOS see
 * them).
 */
export function uniqueEntryNames(names: readonly string[], extension: string): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base = safeName(name, 'Timeline');
    let candidate = `${base}.${extension}`;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
      candidate = `${base} (${n}).${extension}`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The name an export is saved under. `timelineName` is set for one timeline's export. */
export function exportFileName(
  stem: string,
  format: ExportFormat,
  timelineName: string | null,
): string {
  const work = safeName(stem, 'Untitled');
  const info = EXPORT_FORMAT_INFO[format];
  if (!info.perTimeline) return `${work}.${info.extension}`;
  if (timelineName !== null) {
    return `${work} - ${safeName(timelineName, 'Timeline')}.${info.extension}`;
  }
  return `${work} - ${info.label}.zip`;
}

/** The media type of an export. */
export function exportMediaType(format: ExportFormat, oneTimeline: boolean): string {
  if (EXPORT_FORMAT_INFO[format].perTimeline && !oneTimeline) return 'application/zip';
  switch (format) {
    case 'jams':
      return 'application/json; charset=utf-8';
    case 'webanno':
      return 'application/ld+json; profile="http://www.w3.org/ns/anno.jsonld"; charset=utf-8';
    case 'audacity':
      return 'text/plain; charset=utf-8';
    case 'sv':
      return 'application/xml; charset=utf-8';
    default: {
      const unreachable: never = format;
      throw new Error(`unknown format ${String(unreachable)}`);
    }
  }
}
