import redaxios, { type Response } from 'redaxios';
import { navigate } from 'wouter/use-browser-location';
import {
  accessClaims,
  accessTokenAtom,
  clearCredentialsAtom,
  refreshTokenAtom,
  storeCredentialsAtom,
  storedTokens,
} from '../state/auth-state';
import { appStore } from '../state/session';
import type { TokenPair } from '../shared/api-types';

/**
 * The one HTTP client of the app (STYLE.md: one module owns each external edge): every request to
 * /api/v1 goes through it, the viewer's early byte fetch, uploads and downloads included. It
 * joins paths onto the API base, sends JSON, gives up after 5000 ms unless told otherwise, adds
 * the Bearer header from the stored access token, and keeps the session alive as SPEC.md sections
 * 4, 7 and 8 ask: an access token that has expired is renewed before it is sent, and on 401
 * token_not_valid the tokens are renewed once (concurrent requests share that renewal) and the
 * request is retried. When the refresh token is gone or refused, the user is signed out in this
 * tab and the request is sent again without a token, so public files and searches still work; a
 * route that needs an account then sends the user to /login/. When no response comes at all, the
 * user is told so. A request that reports upload progress goes by XMLHttpRequest instead of fetch
 * (fetch cannot report it), under the same rules.
 */

/** SPEC.md section 9. */
export const API_TIMEOUT_MS = 5000;
export const NETWORK_ERROR_MESSAGE =
  'A server/network error occurred. Try waiting for a bit and reloading the page.';

const API_PREFIX = '/api/v1';
// redaxios joins a path (with or without its leading slash) onto baseURL with one '/'.
const http = redaxios.create({ baseURL: API_PREFIX });
const store = appStore;

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
  /** No alert when no response comes: the caller says so itself (the viewer's own message). */
  quiet?: boolean;
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

/** Says why a call failed in words a person can act on (an alert shows it). */
export function failureInWords(error: unknown): Error {
  if (error instanceof ApiRequestError && error.status !== null) {
    return new Error(error.detail ?? `The server answered with HTTP ${error.status}.`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The address of an API route for the browser itself to follow (a download link), with the
 * query parameters given.
 */
export function apiUrl(path: string, params?: Record<string, string>): string {
  const query = params ? `?${new URLSearchParams(params).toString()}` : '';
  return `${API_PREFIX}/${path.replace(/^\//, '')}${query}`;
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
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method.toUpperCase(), apiUrl(path, options.params));
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

/**
 * How far this tab's clock is ahead of the server's, measured on the last token this tab was
 * handed (its `iat` against the clock at arrival). A token that another tab stored is judged by
 * this tab's clock alone; a wrong guess costs one refresh.
 */
let clockOffset: { token: string; ms: number } | null = null;

function adoptPair(pair: TokenPair): void {
  const issuedAt = accessClaims(pair.access).issuedAt;
  clockOffset = { token: pair.access, ms: issuedAt === null ? 0 : Date.now() - issuedAt * 1000 };
  store.set(storeCredentialsAtom, pair);
}

/** Whether the access token has expired, or will within `marginMs`, by this tab's clock. */
function expiresWithin(token: string, marginMs: number): boolean {
  const expiresAt = accessClaims(token).expiresAt;
  if (expiresAt === null) return false;
  const offset = clockOffset?.token === token ? clockOffset.ms : 0;
  return expiresAt * 1000 + offset - Date.now() < marginMs;
}

/** An upload sends its token when it starts; one that has a minute left is renewed first. */
const UPLOAD_TOKEN_MARGIN_MS = 60_000;

/** What asking for a new access token came to. */
type Renewal =
  | { outcome: 'renewed'; access: string }
  /** The refresh token is gone or refused: the user is now signed out in this tab. */
  | { outcome: 'signed-out' }
  /** No answer, or a server error: SPEC.md section 8 only logs it; the call fails as it did. */
  | { outcome: 'failed' };

let renewalInFlight: Promise<Renewal> | null = null;

/**
 * A live access token in place of `stale`: one renewal at a time for every request of this tab,
 * and, where the browser has Web Locks, for every tab of the site, since the refresh token
 * rotates and the first tab to use it blacklists it for the others.
 */
function renewAccess(stale: string): Promise<Renewal> {
  const current = store.get(accessTokenAtom);
  if (current && current !== stale && !expiresWithin(current, 0)) {
    return Promise.resolve({ outcome: 'renewed', access: current });
  }
  renewalInFlight ??= withRenewalLock(() => runRenewal(stale)).finally(() => {
    renewalInFlight = null;
  });
  return renewalInFlight;
}

function withRenewalLock(renew: () => Promise<Renewal>): Promise<Renewal> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The lock's promise settles with the callback's own promise, which `then` unwraps for the types.
  return locks ? locks.request('tilia-token-renewal', renew).then((renewal) => renewal) : renew();
}

/** A pair another tab stored while this one waited, if it is newer than `stale` and alive. */
function renewedElsewhere(stale: string): Renewal | null {
  const stored = storedTokens();
  if (!stored.access || !stored.refresh || stored.access === stale) return null;
  if (expiresWithin(stored.access, 0)) return null;
  store.set(storeCredentialsAtom, { access: stored.access, refresh: stored.refresh });
  return { outcome: 'renewed', access: stored.access };
}

async function runRenewal(stale: string): Promise<Renewal> {
  const elsewhere = renewedElsewhere(stale);
  if (elsewhere) return elsewhere;
  const refresh = storedTokens().refresh ?? store.get(refreshTokenAtom);
  if (!refresh) {
    console.log('Refresh token not available.');
    store.set(clearCredentialsAtom);
    return { outcome: 'signed-out' };
  }
  try {
    const { data } = await sendOnce<{ access: string; refresh?: string }>(
      'post',
      'token/refresh/',
      { refresh },
      { anonymous: true },
      null,
    );
    adoptPair({ access: data.access, refresh: data.refresh ?? refresh });
    return { outcome: 'renewed', access: data.access };
  } catch (error) {
    if (isResponse(error) && error.status === 401) {
      // A tab without Web Locks may have rotated the pair a moment before.
      const rotated = renewedElsewhere(stale);
      if (rotated) return rotated;
      store.set(clearCredentialsAtom);
      return { outcome: 'signed-out' };
    }
    console.error('Token refresh failed', error);
    return { outcome: 'failed' };
  }
}

const isDeadToken = (error: unknown): boolean =>
  isResponse(error) &&
  error.status === 401 &&
  (error.data as { code?: unknown } | null)?.code === 'token_not_valid';

/**
 * A request without a token, after the session ended under it: public files and searches work
 * as for any visitor; a route that needs an account sends the user to log in.
 */
async function sendSignedOut<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<ApiResponse<T>> {
  try {
    return await sendOnce<T>(method, path, body, options, null);
  } catch (error) {
    if (isResponse(error) && error.status === 401) navigate('/login/');
    throw error;
  }
}

/**
 * One call with the session's token: renewed first when it has expired by this tab's clock (so
 * an upload never starts on a token about to die), and renewed and retried once when the server
 * says it is dead (SPEC.md section 4: 401 token_not_valid).
 */
async function sendWithSession<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<ApiResponse<T>> {
  let token = store.get(accessTokenAtom);
  if (!token) return sendOnce<T>(method, path, body, options, null);
  const margin = options.onUploadProgress ? UPLOAD_TOKEN_MARGIN_MS : 0;
  if (expiresWithin(token, margin)) {
    const renewal = await renewAccess(token);
    if (renewal.outcome === 'signed-out') return sendSignedOut<T>(method, path, body, options);
    if (renewal.outcome === 'renewed') token = renewal.access;
  }
  try {
    return await sendOnce<T>(method, path, body, options, token);
  } catch (error) {
    if (!isDeadToken(error)) throw error;
    const renewal = await renewAccess(token);
    switch (renewal.outcome) {
      case 'renewed':
        return await sendOnce<T>(method, path, body, options, renewal.access);
      case 'signed-out':
        return await sendSignedOut<T>(method, path, body, options);
      case 'failed':
        throw error;
      default: {
        const unknown: never = renewal;
        throw new Error(`unknown renewal ${String(unknown)}`);
      }
    }
  }
}

async function send<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  try {
    return options.anonymous
      ? await sendOnce<T>(method, path, body, options, null)
      : await sendWithSession<T>(method, path, body, options);
  } catch (error) {
    if (isResponse(error)) throw new ApiRequestError(error.status, error.data);
    if (!options.signal?.aborted && !options.quiet) window.alert(NETWORK_ERROR_MESSAGE);
    throw new ApiRequestError(null, null, { cause: error });
  }
}

/**
 * The headers a GET by someone else's fetch (the file worker's) carries for this tab's session
 * now: none for a visitor, the access token while it has `marginMs` left; null when the token
 * must be renewed first, which only `apiGet` does.
 */
export function sessionHeadersForNow(marginMs: number): Record<string, string> | null {
  const token = store.get(accessTokenAtom);
  if (!token) return {};
  return expiresWithin(token, marginMs) ? null : { authorization: `Bearer ${token}` };
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
  const { data } = await apiPost<TokenPair>('token/', { username, password }, { anonymous: true });
  adoptPair(data);
  navigate('/');
}

/** Keep a pair the server handed out mid-session (after a password change). */
export function adoptTokens(pair: TokenPair): void {
  adoptPair(pair);
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
