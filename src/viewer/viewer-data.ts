import { ApiRequestError, apiGet } from '../lib/api-client';
import { PREPARED_PAYLOAD_TYPE } from '../shared/viewer-payload/prepared-payload-type';

/**
 * Fetches the file as raw bytes, in the prepared form the server keeps for the viewer (the JSON
 * from a server that has none): the file worker reads them, so a multi-megabyte file never blocks
 * the page. It goes through the app's HTTP client like every API call, so a signed-in
 * user's expired access token is renewed first, and a session that has ended still opens public
 * files. The viewer says itself what went wrong, so no alert is raised.
 */
export type ViewerBytes =
  | { ok: true; bytes: ArrayBuffer }
  | { ok: false; reason: 'not-found' | 'network' | 'server'; status?: number };

/** Longer than the API's default: the reference file is megabytes on a slow line. */
const TIMEOUT_MS = 15_000;

export async function fetchViewerBytes(fileId: string, signal: AbortSignal): Promise<ViewerBytes> {
  try {
    const response = await apiGet<ArrayBuffer>(`files/${encodeURIComponent(fileId)}/json`, {
      responseType: 'arrayBuffer',
      headers: { accept: `${PREPARED_PAYLOAD_TYPE}, application/json;q=0.5` },
      timeoutMs: TIMEOUT_MS,
      signal,
      quiet: true,
    });
    return { ok: true, bytes: response.data };
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status === null) {
      return { ok: false, reason: 'network' };
    }
    // A private file is a 404 for anyone but its owner, and so is a session that has ended.
    if ([401, 403, 404].includes(error.status)) {
      return { ok: false, reason: 'not-found', status: error.status };
    }
    return { ok: false, reason: 'server', status: error.status };
  }
}

/** Where media files are served from (GET config): '/media/' or a CDN URL. */
export async function fetchMediaBaseUrl(signal: AbortSignal): Promise<string> {
  try {
    const response = await apiGet<{ media_base_url?: unknown }>('config', {
      signal,
      quiet: true,
      anonymous: true,
    });
    const base = response.data.media_base_url;
    return typeof base === 'string' ? base : '/media/';
  } catch {
    return '/media/';
  }
}

/** MEDIA_BASE_URL + the work's url, with exactly one slash between them. */
export function mediaUrl(base: string, url: string): string {
  // blob: is the local viewer's media file, which never leaves the browser.
  if (/^(https?:\/\/|blob:)/i.test(url)) return url;
  return base.replace(/\/+$/, '') + '/' + url.replace(/^\/+/, '');
}
