const YOUTUBE_URL =
  /^(?:https?:\/\/)?(?:www\.|m\.|music\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/|v\/)|youtu\.be\/)([\w-]{11})/i;

/** The 11-character video id of a YouTube URL (watch, short-link, embed, shorts, live forms). */
export function youtubeVideoId(url: string): string | null {
  return YOUTUBE_URL.exec(url.trim())?.[1] ?? null;
}
