import { fileHeading } from '../shared/file-names';
import type { MissingFile, ViewerHeader } from '../shared/viewer-layout/viewer-document';

/** '<title> by <composer> performed by <performer>', leaving out the parts a file lacks. */
export function viewerHeading(
  header: Pick<ViewerHeader, 'abstractWork' | 'concreteWork'> & { fileName?: string },
): string {
  // An untitled file (several MusicalForm exports are) is named by the file it was uploaded as.
  const title = fileHeading(header.abstractWork.title, header.fileName);
  const composer = header.abstractWork.composer.trim();
  const performer = header.concreteWork.artist.trim();
  return (
    title + (composer ? ` by ${composer}` : '') + (performer ? ` performed by ${performer}` : '')
  );
}

/** The note saying which recording or PDF a file came without (`local`: opened, not uploaded). */
export function missingFileText({ what, name }: MissingFile, local: boolean): string {
  const came = local ? 'was not opened with this file' : 'was not uploaded with this file';
  return what === 'recording'
    ? `The recording '${name}' ${came}, so it cannot be played; the timelines are all here.`
    : `The PDF '${name}' ${came}, so its pages cannot be shown.`;
}

/** The kinds the now-playing strip shows: sections, cadences (markers), chords, measures, notes. */
const STRIP_KINDS: ReadonlySet<string> = new Set([
  'HIERARCHY',
  'MARKER',
  'BEAT',
  'HARMONY',
  'SCORE',
  'RANGE',
]);

/** The timelines the strip shows, in display order (tracks or the viewer header's timelines). */
export function nowPlayingTimelines<Timeline extends { kind: string }>(
  timelines: readonly Timeline[],
): Timeline[] {
  return timelines.filter((timeline) => STRIP_KINDS.has(timeline.kind));
}

export type VideoSize = 'small' | 'medium' | 'large';
/** A video's width in CSS px at each size the toolbar offers. */
export const VIDEO_WIDTHS: Record<VideoSize, number> = { small: 320, medium: 480, large: 720 };
