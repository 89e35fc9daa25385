import type { UserFileJson, UserFilesJson } from '../shared/api-types';
import { shownTitle } from '../shared/file-names';
import { fetchAccount, type AccountJson } from './accounts-api';
import type { UploadedFileJson } from '../shared/api-types';
import { ApiRequestError, apiDelete, apiGet, apiPatch, apiPut, failureInWords } from './api-client';
import { uploadFailureReasons } from './upload-messages';

/**
 * The dashboard's calls (SPEC.md section 7): the account, the user's own files, the public flag,
 * delete and download. All go through the app's HTTP client, with the user's token: private
 * files exist for their owner only.
 */

export type OwnAccount = AccountJson;

/** A dashboard row: a file with the titles of its works. */
export interface OwnFileRow {
  id: number;
  title: string;
  /** The name the file was uploaded under. */
  originalName: string;
  composer: string;
  performer: string;
  isPublic: boolean;
  createdAt: string;
  /** Its recording is stored with it (played from our server). */
  hasRecording: boolean;
}

export function fetchOwnAccount(userId: number): Promise<OwnAccount> {
  return fetchAccount(userId);
}

/** Joins each file to its works; the server lists them newest first, and so do the rows. */
function ownFileRows(json: UserFilesJson): OwnFileRow[] {
  const concrete = new Map(json.concrete_works.map((work) => [work.id, work]));
  const abstract = new Map(json.abstract_works.map((work) => [work.id, work]));
  return json.files.map((file: UserFileJson) => {
    const concreteWork = concrete.get(file.concrete_work_id);
    const abstractWork = concreteWork ? abstract.get(concreteWork.abstract_work_id) : undefined;
    return {
      id: file.id,
      title: shownTitle(abstractWork?.title),
      originalName: file.original_name,
      composer: abstractWork?.composer ?? '',
      performer: concreteWork?.artist ?? '',
      isPublic: file.is_public,
      createdAt: file.created_at,
      hasRecording: concreteWork?.storage === 'staticfiles',
    };
  });
}

export async function fetchOwnFiles(): Promise<OwnFileRow[]> {
  return ownFileRows((await apiGet<UserFilesJson>('users/files/')).data);
}

export async function setOwnFilePublic(fileId: number, isPublic: boolean): Promise<void> {
  await apiPatch(`files/${fileId}/`, { is_public: isPublic });
}

export async function deleteOwnFile(fileId: number): Promise<void> {
  try {
    await apiDelete(`files/${fileId}/`);
  } catch (error) {
    throw failureInWords(error);
  }
}

export type MediaResult = { ok: true; notIncluded: string[] } | { ok: false; reasons: string[] };

/**
 * PUT files/{id}/media/: a recording and score PDFs for a stored file, with no time limit (an
 * upload's), sent as the upload form sends files. The reasons of a refusal are the server's.
 */
export async function sendOwnFileMedia(fileId: number, chosen: File[]): Promise<MediaResult> {
  const form = new FormData();
  for (const file of chosen) form.append('file', file, file.name);
  try {
    const { data } = await apiPut<UploadedFileJson>(`files/${fileId}/media/`, form, {
      timeoutMs: null,
      // By XMLHttpRequest, which sends the form as it is.
      onUploadProgress: () => undefined,
    });
    return { ok: true, notIncluded: data.not_included };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      return { ok: false, reasons: uploadFailureReasons(error.status, error.data) };
    }
    throw error;
  }
}
