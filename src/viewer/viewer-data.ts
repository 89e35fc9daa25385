import { ApiRequestError, apiGet, apiUrl, sessionHeadersForNow } from '../lib/api-client';
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

const ACCEPT = `${PREPARED_PAYLOAD_TYPE}, application/json;q=0.5`;

/** What the file worker needs to fetch the bytes itself (src/viewer/viewer-file-client.ts). */
export interface ViewerBytesRequest {
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/**
 * The request for the file worker to send itself, so that the bytes go straight to it and no
 * busy main thread holds them up; null when the session's token must be renewed first, which
 * only the app's HTTP client does. A worker's fetch that fails for any reason falls back to
 * `fetchViewerBytes`, which knows what each failure means.
 */
export function viewerBytesRequest(fileId: string): ViewerBytesRequest | null {
  const session = sessionHeadersForNow(TOKEN_MARGIN_MS);
  if (!session) return null;
  return {
    url: new URL(apiUrl(`files/${encodeURIComponent(fileId)}/json`), window.location.href).href,
    headers: { accept: ACCEPT, ...session },
    timeoutMs: TIMEOUT_MS,
  };
}

/** A token with less than this left is renewed by the app's client rather than sent. */
const TOKEN_MARGIN_MS = 10_000;

export async function fetchViewerBytes(fileId: string, signal: AbortSignal): Promise<ViewerBytes> {
  try {
    const response = await apiGet<ArrayBuffer>(`files/${encodeURIComponent(fileId)}/json`, {
      responseType: 'arrayBuffer',
      headers: { accept: ACCEPT },
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
