import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * How the original upload is kept in files.tla (migration 0007): gzipped by the server, or as
 * received for rows stored before that. Downloads always get the bytes exactly as uploaded.
 */
export type TlaEncoding = 'identity' | 'gzip';

export function encodeTla(bytes: Uint8Array): { tla: Uint8Array; tlaEncoding: TlaEncoding } {
  return { tla: gzipSync(bytes), tlaEncoding: 'gzip' };
}

export function decodeTla(stored: Uint8Array, encoding: TlaEncoding): Uint8Array {
  return encoding === 'gzip' ? gunzipSync(stored) : stored;
}
