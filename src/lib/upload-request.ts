import { getDefaultStore } from 'jotai';
import type { UploadResponseJson } from '../shared/api-types';
import { userIdAtom } from '../state/auth-state';
import { ApiRequestError, apiGet, apiPost, type UploadProgress } from './api-client';

export type { UploadProgress } from './api-client';

export type UploadResult =
  | { ok: true; files: UploadResponseJson['files'] }
  | { ok: false; status: number | null; body: unknown };

const store = getDefaultStore();

/**
 * POST upload/ with no time limit (SPEC.md section 9), through the app's HTTP client, which
 * reports upload progress when asked (large uploads). Before a large upload the client checks
 * the session with a cheap call, refreshing the access token if it has expired, so that a dead
 * token is not discovered only after hundreds of megabytes (the server checks the token when the
 * request starts, so a long upload outliving the token's 5 minutes is fine).
 */
export async function sendUpload(
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
): Promise<UploadResult> {
  try {
    const userId = store.get(userIdAtom);
    if (onProgress && userId !== null) await apiGet(`users/${userId}/`);
    const { data } = await apiPost<UploadResponseJson>('upload/', form, {
      timeoutMs: null,
      onUploadProgress: onProgress,
    });
    return { ok: true, files: data.files };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      return { ok: false, status: error.status, body: error.data };
    }
    throw error;
  }
}
