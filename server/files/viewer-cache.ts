import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** A file's viewer JSON as sent: the UTF-8 bytes, and their gzip form once a client asked. */
export interface ViewerBody {
  json: Buffer;
  gzip?: Promise<Buffer>;
}

/**
 * Serialised viewer JSON by file id, least recently used out first, bounded by total bytes. A
 * stored file's content never changes (only its public flag, which is checked before the cache),
 * so entries are dropped only when a file is deleted. Bytes rather than a string: a 4 MB string
 * would be encoded again for every response, which capped files/{id}/json at ~50 requests/s.
 */
export class ViewerCache {
  private readonly entries = new Map<number, ViewerBody>();
  private size = 0;

  constructor(private readonly maxBytes: number) {}

  get(fileId: number): ViewerBody | undefined {
    const body = this.entries.get(fileId);
    if (body !== undefined) {
      this.entries.delete(fileId);
      this.entries.set(fileId, body);
    }
    return body;
  }

  set(fileId: number, body: ViewerBody): void {
    this.delete(fileId);
    if (body.json.length > this.maxBytes) return;
    this.entries.set(fileId, body);
    this.size += body.json.length;
    for (const [oldest, value] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.size -= value.json.length;
    }
  }

  delete(fileId: number): void {
    const body = this.entries.get(fileId);
    if (body === undefined) return;
    this.entries.delete(fileId);
    this.size -= body.json.length;
  }
}

/**
 * The gzip form of a body, compressed once (on libuv's thread pool, not the event loop) and kept
 * with it: the reference file's 4 MB of JSON become a few hundred kB on the wire. Its size is not
 * counted against the cache bound; it is a fraction of the JSON's.
 */
export function gzipped(body: ViewerBody): Promise<Buffer> {
  body.gzip ??= gzipAsync(body.json, { level: 6 });
  return body.gzip;
}
