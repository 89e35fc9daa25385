import { atom, getDefaultStore } from 'jotai';

/**
 * Client auth state (SPEC.md sections 3 and 4). Tokens and username persist in localStorage
 * under these exact keys; the values are stored as plain strings (not JSON), as the original
 * client did, so jotai's atomWithStorage (which JSON-encodes) is not used. This is the only module
 * that touches that storage; only src/lib/api-client changes the tokens (login, refresh, logout),
 * and components read them through the atoms.
 */
const storageKeys = {
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

export const accessTokenAtom = atom<string | null>(readStored(storageKeys.accessToken));
export const refreshTokenAtom = atom<string | null>(readStored(storageKeys.refreshToken));
export const usernameAtom = atom<string | null>(readStored(storageKeys.username));

const atomsByKey = new Map([
  [storageKeys.accessToken, accessTokenAtom],
  [storageKeys.refreshToken, refreshTokenAtom],
  [storageKeys.username, usernameAtom],
]);

/** The tokens as they are in storage now, which another tab may have changed a moment ago. */
export function storedTokens(): { access: string | null; refresh: string | null } {
  return {
    access: readStored(storageKeys.accessToken),
    refresh: readStored(storageKeys.refreshToken),
  };
}

/**
 * Another tab's login, refresh or logout reaches this one at once, whether or not a component
 * is looking: the HTTP client reads the atoms too, and a refresh token that another tab has
 * rotated is already blacklisted on the server.
 */
function followOtherTabs(store: ReturnType<typeof getDefaultStore>): void {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  window.addEventListener('storage', (event: StorageEvent) => {
    if (event.storageArea !== null && event.storageArea !== window.localStorage) return;
    for (const [key, stored] of atomsByKey) {
      if (event.key === key || event.key === null) store.set(stored, readStored(key));
    }
  });
}
followOtherTabs(getDefaultStore());

export const isAuthenticatedAtom = atom((get) => Boolean(get(accessTokenAtom)));

/** The claims the client reads from an access token (never trusted: the server checks them). */
export interface AccessClaims {
  userId: number | null;
  username: string | null;
  /** `iat` and `exp`, in seconds since the epoch, when the token has them. */
  issuedAt: number | null;
  expiresAt: number | null;
}

const NO_CLAIMS: AccessClaims = { userId: null, username: null, issuedAt: null, expiresAt: null };
const seconds = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Reads the payload of a JWT without verifying it; anything unreadable gives empty claims. */
export function accessClaims(token: string | null): AccessClaims {
  const payload = token?.split('.')[1];
  if (!payload) return NO_CLAIMS;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    const userId = Number(claims.user_id);
    return {
      userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
      username: typeof claims.username === 'string' ? claims.username : null,
      issuedAt: seconds(claims.iat),
      expiresAt: seconds(claims.exp),
    };
  } catch {
    return NO_CLAIMS;
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
