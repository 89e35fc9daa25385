import { apiGet } from '../lib/api-client';
import { PEAKS_MEDIA_TYPE } from '../shared/waveform/peaks';

/** Tries while the server says the peaks are being computed (202), this often, this many times. */
const RETRY_MS = 5_000;
const TRIES = 24;

/**
 * The recording's waveform peaks (GET files/{id}/peaks) as bytes for the file session, or null
 * when there are none to draw (no recording, one the server cannot decode, an error: the stored
 * bars stay). While the server computes them it answers 202, and this asks again.
 */
export async function fetchRecordingPeaks(
  fileId: number,
  signal: AbortSignal,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<ArrayBuffer | null> {
  for (let tries = 0; tries < TRIES && !signal.aborted; tries++) {
    const response = await apiGet<ArrayBuffer>(`files/${fileId}/peaks`, {
      responseType: 'arrayBuffer',
      headers: { accept: PEAKS_MEDIA_TYPE },
      signal,
      quiet: true,
    }).catch(() => null);
    if (!response) return null;
    if (response.status === 200) return response.data;
    if (response.status !== 202) return null;
    await wait(RETRY_MS);
  }
  return null;
}
