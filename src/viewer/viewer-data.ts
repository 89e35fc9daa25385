import { storageKeys } from '../state/auth-state';

/**
 * Fetches the viewer JSON as raw bytes: the layout worker parses it, so a multi-megabyte file
 * never blocks the page. A small local fetch, because the shared HTTP client parses JSON on the
 * main thread; it sends the same Bearer token the client stores.
 */
export type ViewerBytes =
  | { ok: true; bytes: ArrayBuffer }
  | { ok: false; reason: 'not-found' | 'network' | 'server'; status?: number };

const API_BASE = '/api/v1/';
const TIMEOUT_MS = 15_000;

function authorization(): Record<string, string> {
  try {
    const token = window.localStorage.getItem(storageKeys.accessToken);
    return token ? { Authorization: `Bearer ${token}` } : {};
  } catch {
    return {};
  }
}

export async function fetchViewerBytes(fileId: string, signal: AbortSignal): Promise<ViewerBytes> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const combined = AbortSignal.any([signal, timeout]);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}files/${encodeURIComponent(fileId)}/json`, {
      headers: { Accept: 'application/json', ...authorization() },
      signal: combined,
    });
  } catch {
    return { ok: false, reason: 'network' };
  }
  if (response.status === 404 || response.status === 401 || response.status === 403) {
    return { ok: false, reason: 'not-found', status: response.status };
  }
  if (!response.ok) return { ok: false, reason: 'server', status: response.status };
  return { ok: true, bytes: await response.arrayBuffer() };
}

/** Where media files are served from (GET config): '/media/' or a CDN URL. */
export async function fetchMediaBaseUrl(signal: AbortSignal): Promise<string> {
  try {
    const response = await fetch(`${API_BASE}config`, { signal });
    const body = (await response.json()) as { media_base_url?: unknown };
    return typeof body.media_base_url === 'string' ? body.media_base_url : '/media/';
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
