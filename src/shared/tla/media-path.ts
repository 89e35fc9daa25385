import type { MediaType } from '../api-types';

// What the desktop app recognises as a YouTube URL (its YOUTUBE_URL_REGEX accepts the watch,
// short-link, embed, shorts and live forms).
const YOUTUBE_URL =
  /^(?:https?:\/\/)?(?:www\.|m\.|music\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/|v\/)|youtu\.be\/)([\w-]{11})/i;

const VIDEO_EXTENSIONS = new Set(['mp4', 'mkv', 'webm', 'mov', 'm4v', 'avi', 'ogv', 'mpeg', 'mpg']);

/** The 11-character video id of a YouTube URL, or null for anything else. */
export function youtubeVideoId(url: string): string | null {
  return YOUTUBE_URL.exec(url.trim())?.[1] ?? null;
}

/** The last segment of a path the desktop app wrote, Windows or POSIX. */
export function pathFileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? '';
}

/** The media file a .tla's media_path names on its author's disk: '' for none or a YouTube URL. */
export function localMediaName(mediaPath: string): string {
  const trimmed = mediaPath.trim();
  return youtubeVideoId(trimmed) === null ? pathFileName(trimmed) : '';
}

/** Audio or video, as far as the path tells (YouTube is video; a video extension is). */
export function mediaTypeOfPath(mediaPath: string): MediaType {
  if (youtubeVideoId(mediaPath)) return 'video';
  const extension = pathFileName(mediaPath).split('.').pop()?.toLowerCase() ?? '';
  return VIDEO_EXTENSIONS.has(extension) ? 'video' : 'audio';
}
