import { getDefaultStore, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { isAuthenticatedAtom, storeUsernameAtom, userIdAtom, usernameAtom } from './auth-state';
import { followModeAtom } from './viewer-prefs';

/**
 * How the app reaches its state: the one store, and hooks for the pages. Only src/state imports
 * jotai (a lint rule keeps it so), so a change of state library stays in this folder.
 */
export const appStore = getDefaultStore();

export const useIsAuthenticated = () => useAtomValue(isAuthenticatedAtom);
export const useUsername = () => useAtomValue(usernameAtom);
export const useUserId = () => useAtomValue(userIdAtom);
export const useStoreUsername = () => useSetAtom(storeUsernameAtom);

/** The viewer's choice of following playback, and its setter (kept by the browser). */
export const useFollowMode = () => useAtom(followModeAtom);
