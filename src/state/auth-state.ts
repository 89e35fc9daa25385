import { atom } from 'jotai';

/**
 * Minimal client auth state (SPEC.md section 3). Tokens and username persist in localStorage
 * under these exact keys; the values are stored as plain strings (not JSON), as the original
 * client did, so jotai's atomWithStorage (which JSON-encodes) is not used.
 * The accounts work (login, refresh, logout call) builds on these atoms.
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

export const accessTokenAtom = atom<string | null>(readStored(storageKeys.accessToken));
export const refreshTokenAtom = atom<string | null>(readStored(storageKeys.refreshToken));
export const usernameAtom = atom<string | null>(readStored(storageKeys.username));

export const isAuthenticatedAtom = atom((get) => Boolean(get(accessTokenAtom)));

/** Forgets the stored credentials, in memory and in localStorage. */
export const clearCredentialsAtom = atom(null, (_get, set) => {
  for (const key of Object.values(storageKeys)) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored when storage is unavailable.
    }
  }
  set(accessTokenAtom, null);
  set(refreshTokenAtom, null);
  set(usernameAtom, null);
});
