import { apiGet, failureInWords } from './api-client';
import { safeFileName, saveBlob, tlaFileName } from './save-file';

/**
 * The name in a Content-Disposition header (RFC 6266): the UTF-8 `filename*` when there is one,
 * else the plain `filename`; null without either.
 */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: the plain name below is the fallback the server sent for this.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

/**
 * Saves a file as it was uploaded (GET files/{id}/tla), under the name the server gives it: the
 * work title, or the uploaded name when the file has no title, with the uploaded extension (a
 * JSON export stays `.json`). `title` names it only if the server sends no name.
 */
export async function downloadTla(fileId: number, title: string): Promise<void> {
  let response;
  try {
    response = await apiGet<Blob>(`files/${fileId}/tla`, { responseType: 'blob' });
  } catch (error) {
    throw failureInWords(error);
  }
  const name = attachmentName(response.headers.get('content-disposition'));
  saveBlob(response.data, name ? safeFileName(name) : tlaFileName(title));
}
