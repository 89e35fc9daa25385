import type { UploadResponseJson } from '../shared/api-types';
import { ApiRequestError, apiPost, type UploadProgress } from './api-client';

export type { UploadProgress } from './api-client';

export type UploadResult =
  | { ok: true; files: UploadResponseJson['files'] }
  | { ok: false; status: number | null; body: unknown };

/**
 * POST upload/ with no time limit (SPEC.md section 9), through the app's HTTP client, which
 * reports upload progress when asked (large uploads) and renews an access token that has less
 * than a minute left before the upload starts. The server checks the token when the request
 * starts, so a long upload that outlives the token's 5 minutes is stored all the same.
 */
export async function sendUpload(
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
): Promise<UploadResult> {
  try {
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
