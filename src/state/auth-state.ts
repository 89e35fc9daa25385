import { atom } from 'jotai';

/**
 * Client auth state (SPEC.md sections 3 and 4). Tokens and username persist in localStorage
 * under these exact keys; the values are stored as plain strings (not JSON), as the original
 * client did, so jotai's atomWithStorage (which JSON-encodes) is not used. Only src/lib/api-client
 * writes them (login, refresh, logout); components read them.
 */
export const storageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  username: 'username',
} as const;

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be disabled (privacy modes); the user is then simply signed out.
    return null;
  }
}

function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Without storage the session lasts as long as the page.
  }
}

/** An atom over one stored key that follows changes made in other tabs (login, logout). */
function storedAtom(key: string) {
  const stored = atom<string | null>(readStored(key));
  stored.onMount = (set) => {
    const follow = (event: StorageEvent) => {
      if (event.key === key || event.key === null) set(readStored(key));
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  };
  return stored;
}

export const accessTokenAtom = storedAtom(storageKeys.accessToken);
export const refreshTokenAtom = storedAtom(storageKeys.refreshToken);
export const usernameAtom = storedAtom(storageKeys.username);

export const isAuthenticatedAtom = atom((get) => Boolean(get(accessTokenAtom)));

/** The claims the client reads from an access token (never trusted: the server checks them). */
export interface AccessClaims {
  userId: number | null;
  username: string | null;
}

/** Reads the payload of a JWT without verifying it; anything unreadable gives empty claims. */
export function accessClaims(token: string | null): AccessClaims {
  const payload = token?.split('.')[1];
  if (!payload) return { userId: null, username: null };
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    const userId = Number(claims.user_id);
    return {
      userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
      username: typeof claims.username === 'string' ? claims.username : null,
    };
  } catch {
    return { userId: null, username: null };
  }
}

/** The signed-in user's id, from the access token's user_id (SPEC.md section 3). */
export const userIdAtom = atom((get) => accessClaims(get(accessTokenAtom)).userId);

/**
 * Stores a token pair, in memory and in localStorage. The username comes from the access token
 * unless given (after a profile change, before the next token carries the new name).
 */
export const storeCredentialsAtom = atom(
  null,
  (_get, set, credentials: { access: string; refresh: string; username?: string }) => {
    const username = credentials.username ?? accessClaims(credentials.access).username ?? '';
    writeStored(storageKeys.accessToken, credentials.access);
    writeStored(storageKeys.refreshToken, credentials.refresh);
    writeStored(storageKeys.username, username);
    set(accessTokenAtom, credentials.access);
    set(refreshTokenAtom, credentials.refresh);
    set(usernameAtom, username);
  },
);

/** Shows a new username at once (the greeting) after the user changed it. */
export const storeUsernameAtom = atom(null, (_get, set, username: string) => {
  writeStored(storageKeys.username, username);
  set(usernameAtom, username);
});

/** Forgets the stored credentials, in memory and in localStorage. */
export const clearCredentialsAtom = atom(null, (_get, set) => {
  for (const key of Object.values(storageKeys)) writeStored(key, null);
  set(accessTokenAtom, null);
  set(refreshTokenAtom, null);
  set(usernameAtom, null);
});
