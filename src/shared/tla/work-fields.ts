/**
 * The abstract and concrete work a .tla describes, read from its metadata and media path. The
 * server stores these on upload and the local viewer shows them, so a file reads the same both ways.
 */
import type { MediaStorage, MediaType } from '../api-types';
import { localMediaName, mediaTypeOfPath, youtubeVideoId } from './media-path';
import type { TlaDocument } from './tla-model';

/** The title of a file whose metadata gives none (the database's default too). */
export const NO_TITLE = 'Untitled';

function metadataText(document: TlaDocument, key: string): string {
  const value = document.mediaMetadata[key];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** The latest time any component reaches: the length of a file that records none. */
function lastComponentTime(document: TlaDocument): number {
  let last = 0;
  for (const timeline of document.timelines) {
    for (const component of timeline.components) {
      const fields = component as unknown as Record<string, unknown>;
      for (const key of ['time', 'end', 'postEnd']) {
        const value = fields[key];
        if (typeof value === 'number' && value > last) last = value;
      }
    }
  }
  return last;
}

export interface WorkFields {
  title: string;
  composer: string;
  artist: string;
  type: MediaType;
  storage: MediaStorage;
  url: string;
  /** The media file the .tla names on its author's disk ('' for none or YouTube). */
  mediaName: string;
  length: number;
}

/**
 * `storedMediaUrl` is set when the media file comes with the .tla (uploaded with it and served by
 * us, or chosen beside it in the local viewer): storage 'staticfiles'.
 */
export function workFields(document: TlaDocument, storedMediaUrl: string | null): WorkFields {
  const youtube = youtubeVideoId(document.mediaPath) !== null;
  const storage: MediaStorage = youtube ? 'youtube' : storedMediaUrl ? 'staticfiles' : 'abstract';
  const url = youtube ? document.mediaPath.trim() : (storedMediaUrl ?? '');
  return {
    title: metadataText(document, 'title') || NO_TITLE,
    composer: metadataText(document, 'composer'),
    artist: metadataText(document, 'performer'),
    type: mediaTypeOfPath(document.mediaPath),
    storage,
    url,
    mediaName: localMediaName(document.mediaPath),
    length: document.mediaLength ?? lastComponentTime(document),
  };
}
