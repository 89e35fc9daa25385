import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The client runs in a browser; these tests give it just enough of one (storage, history,
// alert, fetch) to check its rules in Node.
const storage = new Map<string, string>();
const pushState = vi.fn();
const history = { pushState, replaceState: vi.fn(), state: null };
const alert = vi.fn();
const windowListeners = new Map<string, (event: unknown) => void>();
const localStorage = {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => storage.set(key, value),
  removeItem: (key: string) => storage.delete(key),
};
vi.stubGlobal('window', {
  localStorage,
  alert,
  addEventListener: (type: string, listener: (event: unknown) => void) =>
    windowListeners.set(type, listener),
});
vi.stubGlobal('history', history);
// wouter wraps pushState to announce navigations with an event.
vi.stubGlobal('dispatchEvent', () => true);

type ApiClient = typeof import('./api-client');
type AuthState = typeof import('../state/auth-state');
let client: ApiClient;
let auth: AuthState;
let store: ReturnType<typeof import('jotai').getDefaultStore>;

/**
 * A token-shaped string whose payload says who it is for (the client never verifies it), and,
 * when given, when it expires (seconds from now).
 */
function token(name: string, expiresIn?: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const times = expiresIn === undefined ? {} : { iat: now - 300, exp: now + expiresIn };
  return `${part({ alg: 'HS256' })}.${part({ user_id: 7, username: 'clara', name, ...times })}.sig`;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
  signal: AbortSignal | null;
}

let calls: Call[];

function serve(handler: (call: Call) => Response | Promise<Response>) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const call: Call = {
      url,
      method: init.method ?? 'GET',
      authorization: headers.get('authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      signal: init.signal ?? null,
    };
    calls.push(call);
    return handler(call);
  });
}

beforeAll(async () => {
  client = await import('./api-client');
  auth = await import('../state/auth-state');
  store = (await import('jotai')).getDefaultStore();
});

beforeEach(() => {
  calls = [];
  alert.mockClear();
  pushState.mockClear();
  store.set(auth.storeCredentialsAtom, { access: token('old'), refresh: token('refresh-1') });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the API client', () => {
  it('joins paths onto /api/v1/ with or without a leading slash, with the Bearer header', async () => {
    serve(() => json(200, { ok: true }));
    await client.apiGet('files/135/json');
    await client.apiGet('/files/query/', { params: { page: '1' } });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/v1/files/135/json',
      '/api/v1/files/query/?page=1',
    ]);
    expect(calls[0]!.authorization).toBe(`Bearer ${token('old')}`);
    await client.apiPost('token/', { username: 'x' }, { anonymous: true });
    expect(calls[2]!.authorization).toBeNull();
    expect(calls[2]!.body).toEqual({ username: 'x' });
  });

  it('gives every call a time limit unless it is switched off (uploads)', async () => {
    serve(() => json(200, {}));
    await client.apiGet('users/files/');
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
    await client.apiPost('upload/', undefined, { timeoutMs: null });
    expect(calls[1]!.signal).toBeNull();
  });

  it('alerts when no response comes in time, and rethrows', async () => {
    serve(
      (call) =>
        new Promise((_, reject) =>
          call.signal!.addEventListener('abort', () => reject(call.signal!.reason)),
        ),
    );
    const failure = await client
      .apiGet('files/1/json', { timeoutMs: 30 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(client.ApiRequestError);
    expect((failure as InstanceType<ApiClient['ApiRequestError']>).status).toBeNull();
    expect(alert).toHaveBeenCalledWith(client.NETWORK_ERROR_MESSAGE);
  });

  it('refreshes once for concurrent 401s and retries each call with the new token', async () => {
    serve(async (call) => {
      if (call.url.endsWith('/token/refresh/')) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { access: token('new'), refresh: token('refresh-2') });
      }
      return call.authorization === `Bearer ${token('new')}`
        ? json(200, { url: call.url })
        : json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
    });
    const results = await Promise.all([
      client.apiGet<{ url: string }>('users/7/'),
      client.apiGet<{ url: string }>('users/files/'),
      client.apiPatch<{ url: string }>('files/9/', { is_public: true }),
    ]);
    expect(results.map((result) => result.data.url)).toEqual([
      '/api/v1/users/7/',
      '/api/v1/users/files/',
      '/api/v1/files/9/',
    ]);
    const refreshes = calls.filter((call) => call.url.endsWith('/token/refresh/'));
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.body).toEqual({ refresh: token('refresh-1') });
    expect(refreshes[0]!.authorization).toBeNull();
    expect(storage.get('accessToken')).toBe(token('new'));
    expect(storage.get('refreshToken')).toBe(token('refresh-2'));
    expect(store.get(auth.userIdAtom)).toBe(7);
  });

  it('does not refresh for other 401s', async () => {
    serve(() =>
      json(401, {
        detail: 'Authentication credentials were not provided.',
        code: 'not_authenticated',
      }),
    );
    const failure = await client.apiGet('users/7/').catch((error: unknown) => error);
    expect((failure as InstanceType<ApiClient['ApiRequestError']>).status).toBe(401);
    expect(calls).toHaveLength(1);
  });

  it('without a refresh token: logs, signs out, and a call that needs an account goes to /login/', async () => {
    store.set(auth.refreshTokenAtom, null);
    storage.delete('refreshToken');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    serve((call) =>
      call.authorization
        ? json(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' })
        : json(401, { detail: 'Authentication credentials were not provided.' }),
    );
    await expect(client.apiGet('users/7/')).rejects.toMatchObject({ status: 401 });
    expect(log).toHaveBeenCalledWith('Refresh token not available.');
    expect(store.get(auth.accessTokenAtom)).toBeNull();
    expect(storage.has('accessToken')).toBe(false);
    expect(calls.map((call) => call.authorization)).toEqual([`Bearer ${token('old')}`, null]);
    expect(pushState).toHaveBeenCalledWith(null, '', '/login/');
  });

  it('a refused refresh signs the user out and sends a public call again without a token', async () => {
    serve((call) => {
      if (call.url.endsWith('/token/refresh/')) {
        return json(401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
      }
      return call.authorization
        ? json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' })
        : json(200, { timelines: [] });
    });
    const response = await client.apiGet<{ timelines: [] }>('files/135/json');
    expect(response.data).toEqual({ timelines: [] });
    expect(calls.map((call) => [call.url, call.authorization])).toEqual([
      ['/api/v1/files/135/json', `Bearer ${token('old')}`],
      ['/api/v1/token/refresh/', null],
      ['/api/v1/files/135/json', null],
    ]);
    expect(store.get(auth.isAuthenticatedAtom)).toBe(false);
    expect([...storage.keys()]).toEqual([]);
    expect(pushState).not.toHaveBeenCalled();
  });

  it('a refused refresh sends a call that needs an account to /login/', async () => {
    serve((call) =>
      call.url.endsWith('/token/refresh/') || call.authorization
        ? json(401, { detail: 'Token is blacklisted', code: 'token_not_valid' })
        : json(401, { detail: 'Authentication credentials were not provided.' }),
    );
    await expect(client.apiGet('users/7/')).rejects.toMatchObject({ status: 401 });
    expect(pushState).toHaveBeenCalledWith(null, '', '/login/');
    expect(store.get(auth.isAuthenticatedAtom)).toBe(false);
  });

  it('renews an access token that has expired before sending it (no 401 round trip)', async () => {
    store.set(auth.storeCredentialsAtom, { access: token('old', -10), refresh: token('r1') });
    serve((call) =>
      call.url.endsWith('/token/refresh/')
        ? json(200, { access: token('new', 300), refresh: token('r2') })
        : json(200, { authorization: call.authorization }),
    );
    const response = await client.apiGet<{ authorization: string }>('users/files/');
    expect(response.data.authorization).toBe(`Bearer ${token('new', 300)}`);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/v1/token/refresh/',
      '/api/v1/users/files/',
    ]);
  });

  it('takes the pair another tab has just stored instead of refreshing (rotation)', async () => {
    store.set(auth.storeCredentialsAtom, { access: token('old', -10), refresh: token('r1') });
    // Another tab refreshed: storage holds its new pair, and its storage event is not here yet.
    storage.set('accessToken', token('other-tab', 300));
    storage.set('refreshToken', token('r2'));
    serve((call) => json(200, { authorization: call.authorization }));
    const response = await client.apiGet<{ authorization: string }>('users/files/');
    expect(response.data.authorization).toBe(`Bearer ${token('other-tab', 300)}`);
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/users/files/']);
    expect(store.get(auth.refreshTokenAtom)).toBe(token('r2'));
  });

  it("follows another tab's login, refresh and logout through the storage event", () => {
    const follow = windowListeners.get('storage')!;
    storage.set('accessToken', token('from-another-tab'));
    follow({ key: 'accessToken', storageArea: localStorage });
    expect(store.get(auth.accessTokenAtom)).toBe(token('from-another-tab'));
    storage.clear();
    follow({ key: null, storageArea: localStorage });
    expect(store.get(auth.accessTokenAtom)).toBeNull();
    expect(store.get(auth.usernameAtom)).toBeNull();
  });

  it('logs in, then logs out by posting the refresh token', async () => {
    serve((call) =>
      call.url.endsWith('/token/')
        ? json(200, { access: token('login'), refresh: token('r') })
        : json(200, {}),
    );
    await client.login('clara', 'secret');
    expect(storage.get('username')).toBe('clara');
    expect(pushState).toHaveBeenLastCalledWith(null, '', '/');
    await client.logout();
    expect(calls.at(-1)).toMatchObject({
      url: '/api/v1/token/logout/',
      body: { refresh: token('r') },
    });
    expect([...storage.keys()]).toEqual([]);
  });
});

/** What a fake XMLHttpRequest was asked to send, and how it then answers. */
interface XhrCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  timeout: number;
  body: unknown;
}

type XhrAnswer =
  { status: number; body: unknown; progress?: [number, number][] } | { fails: 'error' | 'timeout' };

/** Installs an XMLHttpRequest that records each request and answers the next of `answers`. */
function serveXhr(answers: XhrAnswer[]): XhrCall[] {
  const xhrCalls: XhrCall[] = [];
  class FakeXhr extends EventTarget {
    readonly upload = new EventTarget();
    timeout = 0;
    responseType = '';
    status = 0;
    responseText = '';
    private call: XhrCall = { method: '', url: '', headers: {}, timeout: 0, body: null };
    open(method: string, url: string) {
      this.call = { ...this.call, method, url };
    }
    setRequestHeader(name: string, value: string) {
      this.call.headers[name.toLowerCase()] = value;
    }
    getAllResponseHeaders() {
      return 'content-type: application/json\r\nx-request-id: 42\r\n';
    }
    abort() {
      this.dispatchEvent(new Event('abort'));
    }
    send(body: unknown) {
      xhrCalls.push({ ...this.call, timeout: this.timeout, body });
      const answer = answers.shift()!;
      setTimeout(() => {
        if ('fails' in answer) {
          this.dispatchEvent(new Event(answer.fails));
          return;
        }
        for (const [loaded, total] of answer.progress ?? []) {
          this.upload.dispatchEvent(
            Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
          );
        }
        this.status = answer.status;
        this.responseText =
          typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        this.dispatchEvent(new Event('load'));
      }, 5);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return xhrCalls;
}

describe('the API client with upload progress (XMLHttpRequest)', () => {
  const form = 'the form data';

  it('reports progress, and refreshes and retries on token_not_valid like any call', async () => {
    serve(() => json(200, { access: token('new'), refresh: token('refresh-2') }));
    const xhrCalls = serveXhr([
      { status: 401, body: { detail: 'Token is invalid or expired', code: 'token_not_valid' } },
      {
        status: 201,
        body: { files: [{ id: 3 }] },
        progress: [
          [10, 20],
          [20, 20],
        ],
      },
    ]);
    const progress: unknown[] = [];
    const response = await client.apiPost<{ files: { id: number }[] }>('upload/', form, {
      timeoutMs: null,
      onUploadProgress: (step) => progress.push(step),
    });
    expect(response.status).toBe(201);
    expect(response.data).toEqual({ files: [{ id: 3 }] });
    expect(response.headers.get('x-request-id')).toBe('42');
    expect(progress).toEqual([
      { loaded: 10, total: 20 },
      { loaded: 20, total: 20 },
    ]);
    expect(xhrCalls.map((call) => [call.method, call.url, call.timeout, call.body])).toEqual([
      ['POST', '/api/v1/upload/', 0, form],
      ['POST', '/api/v1/upload/', 0, form],
    ]);
    expect(xhrCalls.map((call) => call.headers.authorization)).toEqual([
      `Bearer ${token('old')}`,
      `Bearer ${token('new')}`,
    ]);
    expect(xhrCalls[0]!.headers.accept).toBe('application/json');
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/token/refresh/']);
  });

  it('renews a token with less than a minute left before an upload starts', async () => {
    store.set(auth.storeCredentialsAtom, { access: token('old', 30), refresh: token('r1') });
    serve(() => json(200, { access: token('new', 300), refresh: token('r2') }));
    const xhrCalls = serveXhr([{ status: 201, body: { files: [] } }]);
    await client.apiPost('upload/', form, { timeoutMs: null, onUploadProgress: () => undefined });
    expect(xhrCalls.map((call) => call.headers.authorization)).toEqual([
      `Bearer ${token('new', 300)}`,
    ]);
    // An ordinary call is not held up for a token that is still alive.
    serve((call) => json(200, { authorization: call.authorization }));
    store.set(auth.storeCredentialsAtom, { access: token('old', 30), refresh: token('r1') });
    const response = await client.apiGet<{ authorization: string }>('users/files/');
    expect(response.data.authorization).toBe(`Bearer ${token('old', 30)}`);
  });

  it('fails with the status and body of an error answer, text that is not JSON kept', async () => {
    serveXhr([
      { status: 413, body: { detail: 'too large' } },
      { status: 502, body: '<html>' },
    ]);
    const options = { timeoutMs: null, onUploadProgress: () => undefined };
    const tooLarge = await client
      .apiPost('upload/', form, options)
      .catch((error: unknown) => error);
    expect(tooLarge).toMatchObject({ status: 413, data: { detail: 'too large' } });
    const gateway = await client.apiPost('upload/', form, options).catch((error: unknown) => error);
    expect(gateway).toMatchObject({ status: 502, data: '<html>' });
    expect(alert).not.toHaveBeenCalled();
  });

  it('alerts when no response comes, and keeps the default time limit unless switched off', async () => {
    const xhrCalls = serveXhr([{ fails: 'error' }, { fails: 'timeout' }]);
    const options = { onUploadProgress: () => undefined };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const failure = await client.apiPost('upload/', form, options).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(client.ApiRequestError);
      expect(failure).toMatchObject({ status: null });
    }
    expect(alert).toHaveBeenCalledTimes(2);
    expect(alert).toHaveBeenCalledWith(client.NETWORK_ERROR_MESSAGE);
    expect(xhrCalls[0]!.timeout).toBe(client.API_TIMEOUT_MS);
  });
});
