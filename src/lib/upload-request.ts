import { getDefaultStore } from 'jotai';
import type { UploadResponseJson } from '../shared/api-types';
import { accessTokenAtom, userIdAtom } from '../state/auth-state';
import { ApiRequestError, apiGet, apiPost, NETWORK_ERROR_MESSAGE } from './api-client';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export type UploadResult =
  | { ok: true; files: UploadResponseJson['files'] }
  | { ok: false; status: number | null; body: unknown };

const store = getDefaultStore();

/**
 * POST upload/ with no time limit (SPEC.md section 9). Small uploads go through the app's HTTP
 * client like every other call. Large ones need upload progress, which fetch cannot report, so
 * they are sent with XMLHttpRequest; the HTTP client first checks the session with a cheap call,
 * refreshing the access token if it has expired, so that a dead token is not discovered only
 * after hundreds of megabytes (the server checks the token when the request starts, so a long
 * upload outliving the token's 5 minutes is fine).
 */
export async function sendUpload(
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
): Promise<UploadResult> {
  try {
    if (!onProgress) {
      const { data } = await apiPost<UploadResponseJson>('upload/', form, { timeoutMs: null });
      return { ok: true, files: data.files };
    }
    const userId = store.get(userIdAtom);
    if (userId !== null) await apiGet(`users/${userId}/`);
    return await sendWithProgress(form, onProgress);
  } catch (error) {
    if (error instanceof ApiRequestError) {
      return { ok: false, status: error.status, body: error.data };
    }
    throw error;
  }
}

function sendWithProgress(
  form: FormData,
  onProgress: (progress: UploadProgress) => void,
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/upload/');
    request.timeout = 0;
    request.responseType = 'text';
    request.setRequestHeader('accept', 'application/json');
    const token = store.get(accessTokenAtom);
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      let body: unknown = request.responseText;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON (a proxy's error page): the status alone says what happened.
      }
      if (request.status === 201) {
        resolve({ ok: true, files: (body as UploadResponseJson).files });
      } else {
        resolve({ ok: false, status: request.status, body });
      }
    });
    request.addEventListener('error', () => {
      // SPEC.md section 8, as the HTTP client does for its calls.
      window.alert(NETWORK_ERROR_MESSAGE);
      resolve({ ok: false, status: null, body: null });
    });
    request.addEventListener('abort', () => resolve({ ok: false, status: null, body: null }));
    request.send(form);
  });
}
