import type { TlaDocument } from '../../src/shared/tla/tla-model';
import type { MediaStorage, MediaType } from '../../src/shared/api-types';

// What the desktop app recognises as a YouTube URL (its YOUTUBE_URL_REGEX accepts the watch,
// short-link, embed and shorts forms).
const YOUTUBE_URL =
  /^(?:https?:\/\/)?(?:www\.|m\.|music\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/|v\/)|youtu\.be\/)([\w-]{11})/i;

const VIDEO_EXTENSIONS = new Set(['mp4', 'mkv', 'webm', 'mov', 'm4v', 'avi', 'ogv', 'mpeg', 'mpg']);

/** The title of a file whose metadata gives none (the database's default too). */
export const NO_TITLE = 'Untitled';

export function youtubeVideoId(mediaPath: string): string | null {
  return YOUTUBE_URL.exec(mediaPath.trim())?.[1] ?? null;
}

/** The extension of the last path segment, for Windows and POSIX paths alike. */
export function mediaFileName(mediaPath: string): string {
  return mediaPath.split(/[\\/]/).pop() ?? '';
}

function mediaType(mediaPath: string): MediaType {
  if (youtubeVideoId(mediaPath)) return 'video';
  const extension = mediaFileName(mediaPath).split('.').pop()?.toLowerCase() ?? '';
  return VIDEO_EXTENSIONS.has(extension) ? 'video' : 'audio';
}

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
  length: number;
}

/**
 * The abstract and concrete work a file describes. `storedMediaUrl` is set when the media file
 * was uploaded with the .tla (it is then served by us, storage 'staticfiles').
 */
export function workFields(document: TlaDocument, storedMediaUrl: string | null): WorkFields {
  const youtube = youtubeVideoId(document.mediaPath) !== null;
  const storage: MediaStorage = youtube ? 'youtube' : storedMediaUrl ? 'staticfiles' : 'abstract';
  const url = youtube ? document.mediaPath.trim() : (storedMediaUrl ?? '');
  return {
    title: metadataText(document, 'title') || NO_TITLE,
    composer: metadataText(document, 'composer'),
    artist: metadataText(document, 'performer'),
    type: mediaType(document.mediaPath),
    storage,
    url,
    length: document.mediaLength ?? lastComponentTime(document),
  };
}
