import { sql } from 'drizzle-orm';

/**
 * Bytes as a bytea value in a query: base64 text and decode(), because PGlite turns a bytea
 * parameter into hex one byte at a time.
 */
export function byteaValue(bytes: Uint8Array) {
  return sql`decode(${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}, 'base64')`;
}
