import redaxios, { type Response } from 'redaxios';
import { getDefaultStore } from 'jotai';
import { navigate } from 'wouter/use-browser-location';
import {
  accessTokenAtom,
  clearCredentialsAtom,
  refreshTokenAtom,
  storeCredentialsAtom,
} from '../state/auth-state';

/**
 * The one HTTP client of the app (STYLE.md: one module owns each external edge). It joins paths
 * onto the API base, sends JSON, gives up after 5000 ms, adds the Bearer header from the stored
 * access token, and follows the rules of SPEC.md sections 4, 7 and 8: on 401 token_not_valid it
 * refreshes the tokens once (concurrent 401s share that refresh) and retries the request; with no
 * refresh token, or a refused refresh, the user is signed out and sent to /login/; when no
 * response comes at all, the user is told so. A request that reports upload progress goes by
 * XMLHttpRequest instead of fetch (fetch cannot report it), under the same rules.
 */

/** SPEC.md section 9. */
export const API_TIMEOUT_MS = 5000;
export const NETWORK_ERROR_MESSAGE =
  'A server/network error occurred. Try waiting for a bit and reloading the page.';

const API_PREFIX = '/api/v1';
// redaxios joins a path (with or without its leading slash) onto baseURL with one '/'.
const http = redaxios.create({ baseURL: API_PREFIX });
const store = getDefaultStore();

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface RequestOptions {
  /** Query parameters; the browse routes JSON-encode each value themselves. */
  params?: Record<string, string>;
  headers?: Record<string, string>;
  /** Milliseconds before giving up; null for no limit (uploads). Default API_TIMEOUT_MS. */
  timeoutMs?: number | null;
  /** How to read the body: JSON (default; text that is not JSON stays text), or raw. */
  responseType?: 'json' | 'text' | 'blob' | 'arrayBuffer';
  /** Cancels the request (e.g. a newer search replaces it); a cancelled request raises no alert. */
  signal?: AbortSignal;
  /** Sent without the Authorization header and never refreshed (login, sign-up, reset). */
  anonymous?: boolean;
  /**
   * Told how much of the body has gone (large uploads). The request then goes by XMLHttpRequest,
   * which sends the body as it is (FormData) and reads the answer as JSON, or text.
   */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
  headers: Headers;
}

/**
 * A failed call. `status` is null when no response came (network, timeout or cancelled);
 * otherwise `data` is the parsed error body, e.g. DRF's `{"field": ["message"]}`.
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    readonly status: number | null,
    readonly data: unknown,
    options?: { cause?: unknown },
  ) {
    super(status === null ? 'No response from the server' : `HTTP ${status}`, options);
  }

  /** The messages the server gave for one field (or 'non_field_errors', 'detail'). */
  messages(field: string): string[] {
    if (typeof this.data !== 'object' || this.data === null) return [];
    const value = (this.data as Record<string, unknown>)[field];
    if (typeof value === 'string') return [value];
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];
  }

  /** DRF's `detail` text, if the body has one. */
  get detail(): string | null {
    return this.messages('detail')[0] ?? null;
  }

  get code(): string | null {
    const code = (this.data as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : null;
  }
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

const isResponse = (value: unknown): value is Response<unknown> =>
  typeof value === 'object' && value !== null && 'status' in value && 'headers' in value;

/** A fetch that gives up after `timeoutMs`, and that the caller's signal can also cancel. */
function fetchWithin(timeoutMs: number | null, signal: AbortSignal | undefined): typeof fetch {
  const signals = [signal, timeoutMs === null ? undefined : AbortSignal.timeout(timeoutMs)].filter(
    (candidate): candidate is AbortSignal => candidate !== undefined,
  );
  const combined = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  return (input, init) => fetch(input, { ...init, signal: combined });
}

/** The text of a body as JSON; text that is not JSON (a proxy's error page) stays text. */
function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function headersOf(request: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of request.getAllResponseHeaders().split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * One request by XMLHttpRequest, for its upload progress events. It fails as redaxios does, so
 * that `send` treats both alike: with the response for an HTTP error status, with an Error when
 * no response came (network, time limit, or the caller's signal).
 */
function sendByXhr<T>(
  method: Method,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  options: RequestOptions,
): Promise<ApiResponse<T>> {
  const onProgress = options.onUploadProgress;
  const timeoutMs = options.timeoutMs === undefined ? API_TIMEOUT_MS : options.timeoutMs;
  const query = options.params ? `?${new URLSearchParams(options.params).toString()}` : '';
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method.toUpperCase(), `${API_PREFIX}/${path.replace(/^\//, '')}${query}`);
    request.timeout = timeoutMs ?? 0;
    request.responseType = 'text';
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      const response = {
        status: request.status,
        data: parsedBody(request.responseText) as T,
        headers: headersOf(request),
      };
      if (request.status >= 200 && request.status < 300) resolve(response);
      else reject(response);
    });
    request.addEventListener('error', () => reject(new Error('No response to the upload')));
    request.addEventListener('timeout', () => reject(new Error('The upload timed out')));
    request.addEventListener('abort', () =>
      reject(new DOMException('The upload was cancelled', 'AbortError')),
    );
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body as XMLHttpRequestBodyInit | null);
  });
}

async function sendOnce<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions,
  accessToken: string | null,
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (accessToken && !options.anonymous) headers.authorization = `Bearer ${accessToken}`;
  if (options.onUploadProgress) return sendByXhr<T>(method, path, body, headers, options);
  const response = await http<T>({
    url: path,
    method,
    data: body,
    headers,
    params: options.params,
    responseType: options.responseType === 'json' ? undefined : options.responseType,
    fetch: fetchWithin(
      options.timeoutMs === undefined ? API_TIMEOUT_MS : options.timeoutMs,
      options.signal,
    ),
  });
  return { status: response.status, data: response.data, headers: response.headers };
}

function signOutTo(path: string): void {
  store.set(clearCredentialsAtom);
  navigate(path);
}

let refreshInFlight: Promise<string | null> | null = null;

/** One refresh at a time: every request that meets a dead access token waits for the same one. */
function refreshTokens(): Promise<string | null> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function runRefresh(): Promise<string | null> {
  const refresh = store.get(refreshTokenAtom);
  if (!refresh) {
    console.log('Refresh token not available.');
    signOutTo('/login/');
    return null;
  }
  try {
    const { data } = await sendOnce<{ access: string; refresh?: string }>(
      'post',
      'token/refresh/',
      { refresh },
      { anonymous: true },
      null,
    );
    store.set(storeCredentialsAtom, { access: data.access, refresh: data.refresh ?? refresh });
    return data.access;
  } catch (error) {
    if (isResponse(error) && error.status === 401) {
      signOutTo('/login/');
    } else {
      // SPEC.md section 8: other refresh errors are only logged; the original call then fails.
      console.error('Token refresh failed', error);
    }
    return null;
  }
}

async function send<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const usedToken = options.anonymous ? null : store.get(accessTokenAtom);
  try {
    try {
      return await sendOnce<T>(method, path, body, options, usedToken);
    } catch (error) {
      const tokenDied =
        !options.anonymous &&
        isResponse(error) &&
        error.status === 401 &&
        (error.data as { code?: unknown } | null)?.code === 'token_not_valid';
      if (!tokenDied) throw error;
      // Another request may have refreshed the tokens while this one was under way.
      const current = store.get(accessTokenAtom);
      const fresh = current && current !== usedToken ? current : await refreshTokens();
      if (!fresh) throw error;
      return await sendOnce<T>(method, path, body, options, fresh);
    }
  } catch (error) {
    if (isResponse(error)) throw new ApiRequestError(error.status, error.data);
    if (!options.signal?.aborted) window.alert(NETWORK_ERROR_MESSAGE);
    throw new ApiRequestError(null, null, { cause: error });
  }
}

export const apiGet = <T>(path: string, options?: RequestOptions) =>
  send<T>('get', path, undefined, options);
export const apiPost = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  send<T>('post', path, body, options);
export const apiPut = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  send<T>('put', path, body, options);
export const apiPatch = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  send<T>('patch', path, body, options);
export const apiDelete = <T>(path: string, options?: RequestOptions) =>
  send<T>('delete', path, undefined, options);

/**
 * Log in (SPEC.md section 4): store the pair and the username from the access token, then go
 * home. A refused login throws ApiRequestError (401 with `detail`, or 400 per field).
 */
export async function login(username: string, password: string): Promise<void> {
  const { data } = await apiPost<{ access: string; refresh: string }>(
    'token/',
    { username, password },
    { anonymous: true },
  );
  store.set(storeCredentialsAtom, data);
  navigate('/');
}

/** Keep a pair the server handed out mid-session (after a password change). */
export function adoptTokens(pair: { access: string; refresh: string }): void {
  store.set(storeCredentialsAtom, pair);
}

/** Log out: post the refresh token (blacklisted on the server), forget everything, go home. */
export async function logout(): Promise<void> {
  const refresh = store.get(refreshTokenAtom);
  try {
    if (refresh) await apiPost('token/logout/', { refresh }, { anonymous: true });
  } catch {
    // Signing out locally must not depend on the server: an expired refresh token is fine too.
  } finally {
    signOutTo('/');
  }
}
