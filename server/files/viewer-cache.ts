import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

const gunzipAsync = promisify(gunzip);

/** A file's stored viewer payload: the gzipped JSON, and the JSON itself once a client asked. */
export interface ViewerBody {
  gzip: Buffer;
  json?: Promise<Buffer>;
  /** The prepared payload, gzipped, once the viewer asked (null: it could not be built). */
  prepared?: Promise<Buffer | null>;
  /** Who may read the file, and when that was read: while fresh, served without a query. */
  access?: KeptAccess;
}

export interface FileAccess {
  isPublic: boolean;
  authorId: number;
}

/**
 * How long a file's access is trusted where other instances may change it (PostgreSQL): a file
 * made private or deleted elsewhere is served here for at most this long.
 */
export const SHARED_DATABASE_ACCESS_LIFETIME_MS = 1_000;

interface KeptAccess extends FileAccess {
  /** The cache's clock when the database said so. */
  readAt: number;
}

/**
 * Stored viewer payloads by file id, least recently used out first, bounded by their total bytes.
 * A stored file's content never changes, only its public flag: entries are forgotten when a file
 * is deleted or its flag changes here. An entry also keeps who may read the file, trusted for
 * `accessLifetimeMs` after it was read: for ever where this process makes every change (the
 * embedded database, whose changes all pass through `forget`); briefly where other instances may
 * share the database, so that a file they make private or delete stops being served within that
 * time, while a file read thousands of times a second costs one query per lifetime, not one per
 * request (a query's round trip, and the backend's CPU beside ours, set the rate). Kept gzipped, as stored and as sent
 * to browsers: the reference file's 4 MB of JSON take a few hundred kB, so the cache holds many
 * files rather than two. The JSON unpacked for clients that do not take gzip counts too.
 */
export class ViewerCache {
  /** Each body with the bytes it counts for. */
  private readonly entries = new Map<number, { body: ViewerBody; bytes: number }>();
  private size = 0;
  /** Counts `forget` calls: an entry read before one of them may be stale and is not kept. */
  private forgotten = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly accessLifetimeMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Taken before reading a file's access and payload; given back to `set`. */
  get generation(): number {
    return this.forgotten;
  }

  get(fileId: number): ViewerBody | undefined {
    const entry = this.entries.get(fileId);
    if (entry !== undefined) {
      this.entries.delete(fileId);
      this.entries.set(fileId, entry);
    }
    return entry?.body;
  }

  /** Who may read a cached body's file, while it can be trusted without asking the database. */
  access(body: ViewerBody): FileAccess | undefined {
    const kept = body.access;
    if (kept === undefined || this.now() - kept.readAt >= this.accessLifetimeMs) return undefined;
    return kept;
  }

  /**
   * Keeps a body read with `access` (read at `generation`), or renews the access of the body
   * already kept, unless the cache forgot a file since `generation`.
   */
  set(fileId: number, body: ViewerBody, access: FileAccess, generation: number): void {
    if (generation !== this.forgotten) return;
    body.access = { isPublic: access.isPublic, authorId: access.authorId, readAt: this.now() };
    if (this.entries.get(fileId)?.body === body) return;
    this.remove(fileId);
    this.add(fileId, body, body.gzip.length);
  }

  /** The file was deleted or its public flag changed. */
  forget(fileId: number): void {
    this.forgotten += 1;
    this.remove(fileId);
  }

  /** The JSON of a cached body, unpacked once (on the thread pool) and kept with it. */
  plainJson(fileId: number, body: ViewerBody): Promise<Buffer> {
    if (body.json === undefined) {
      body.json = gunzipAsync(body.gzip);
      this.counted(fileId, body, body.json);
    }
    return body.json;
  }

  /** The prepared payload of a cached body, loaded once and kept with it. */
  prepared(
    fileId: number,
    body: ViewerBody,
    load: () => Promise<Buffer | null>,
  ): Promise<Buffer | null> {
    if (body.prepared === undefined) {
      // One that could not be built is tried again at the next request.
      const loading = load().then((gzip) => {
        if (gzip === null && body.prepared === loading) delete body.prepared;
        return gzip;
      });
      body.prepared = loading;
      this.counted(fileId, body, loading);
    }
    return body.prepared;
  }

  /** Counts what a body holds again once `loading` has added to it. */
  private counted(fileId: number, body: ViewerBody, loading: Promise<unknown>): void {
    void loading.then(
      async () => {
        if (this.entries.get(fileId)?.body !== body) return;
        this.remove(fileId);
        this.add(fileId, body, await bodyBytes(body));
      },
      () => {},
    );
  }

  private remove(fileId: number): void {
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
      this.remove(oldest);
    }
  }
}

/** The bytes a body holds: the gzip, and what has been loaded beside it. */
async function bodyBytes(body: ViewerBody): Promise<number> {
  const [json, prepared] = await Promise.all([
    body.json?.catch(() => null),
    body.prepared?.catch(() => null),
  ]);
  return body.gzip.length + (json?.length ?? 0) + (prepared?.length ?? 0);
}
