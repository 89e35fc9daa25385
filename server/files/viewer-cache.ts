import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

const gunzipAsync = promisify(gunzip);

/** A file's stored viewer payload: the gzipped JSON, and the JSON itself once a client asked. */
export interface ViewerBody {
  gzip: Buffer;
  json?: Promise<Buffer>;
}

/**
 * Stored viewer payloads by file id, least recently used out first, bounded by their total bytes.
 * A stored file's content never changes (only its public flag, which is checked before the
 * cache), so entries are dropped only when a file is deleted. Kept gzipped, as stored and as sent
 * to browsers: the reference file's 4 MB of JSON take a few hundred kB, so the cache holds many
 * files rather than two. The JSON unpacked for clients that do not take gzip counts too.
 */
export class ViewerCache {
  /** Each body with the bytes it counts for. */
  private readonly entries = new Map<number, { body: ViewerBody; bytes: number }>();
  private size = 0;

  constructor(private readonly maxBytes: number) {}

  get(fileId: number): ViewerBody | undefined {
    const entry = this.entries.get(fileId);
    if (entry !== undefined) {
      this.entries.delete(fileId);
      this.entries.set(fileId, entry);
    }
    return entry?.body;
  }

  set(fileId: number, body: ViewerBody): void {
    this.delete(fileId);
    this.add(fileId, body, body.gzip.length);
  }

  /** The JSON of a cached body, unpacked once (on the thread pool) and kept with it. */
  plainJson(fileId: number, body: ViewerBody): Promise<Buffer> {
    if (body.json === undefined) {
      body.json = gunzipAsync(body.gzip);
      void body.json.then((json) => {
        if (this.entries.get(fileId)?.body !== body) return;
        this.delete(fileId);
        this.add(fileId, body, body.gzip.length + json.length);
      });
    }
    return body.json;
  }

  delete(fileId: number): void {
    const entry = this.entries.get(fileId);
    if (entry === undefined) return;
    this.entries.delete(fileId);
    this.size -= entry.bytes;
  }

  private add(fileId: number, body: ViewerBody, bytes: number): void {
    if (bytes > this.maxBytes) return;
    this.entries.set(fileId, { body, bytes });
    this.size += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.size <= this.maxBytes) break;
      this.delete(oldest);
    }
  }
}
