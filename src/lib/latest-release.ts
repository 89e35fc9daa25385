import releases from '../content/releases.json';
import { releasesNewestFirst, type ReleaseNote } from './release-notes';

/** All release notes, newest first, read from the data file. */
export const releaseNotes: readonly ReleaseNote[] = releasesNewestFirst(releases);

const newest = releaseNotes[0];
if (!newest) {
  throw new Error('src/content/releases.json lists no release');
}
export const latestRelease: ReleaseNote = newest;
