import { apiGet, failureInWords } from './api-client';
import { safeFileName, saveBlob } from './save-file';
import { attachmentName } from './tla-download';
import type { ExportFormat } from '../shared/exports/export-formats';
import { exportFileName } from '../shared/exports/export-names';

/**
 * Saves an export (GET files/{id}/export/{format}), of one timeline or of the whole file, under
 * the name the server gives it. It goes through the app's HTTP client, so a private file's owner
 * is asked for with their token; a big file's export may take a while, so there is no time limit.
 */
export async function downloadExport(
  fileId: number,
  format: ExportFormat,
  timeline: { id: number; name: string } | null,
  title: string,
): Promise<void> {
  let response;
  try {
    response = await apiGet<Blob>(`files/${fileId}/export/${format}`, {
      responseType: 'blob',
      timeoutMs: null,
      ...(timeline ? { params: { timeline: String(timeline.id) } } : {}),
    });
  } catch (error) {
    throw failureInWords(error);
  }
  const name = attachmentName(response.headers.get('content-disposition'));
  saveBlob(
    response.data,
    name ? safeFileName(name) : exportFileName(title, format, timeline?.name ?? null),
  );
}
