import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * How the original upload is kept in files.tla (migration 0007): gzipped by the server, or as
 * received for rows stored before that. Downloads always get the bytes exactly as uploaded.
 * zlib runs on libuv's thread pool, so a 9 MB file (~35 ms to compress) does not hold up the
 * event loop and the other requests on it.
 */
export type TlaEncoding = 'identity' | 'gzip';

export async function encodeTla(
  bytes: Uint8Array,
): Promise<{ tla: Uint8Array; tlaEncoding: TlaEncoding }> {
  return { tla: await gzipAsync(bytes), tlaEncoding: 'gzip' };
}

export async function decodeTla(stored: Uint8Array, encoding: TlaEncoding): Promise<Uint8Array> {
  return encoding === 'gzip' ? gunzipAsync(stored) : stored;
}
