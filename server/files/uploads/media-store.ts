import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Where a content-addressed object lives, relative to MEDIA_DIR and to MEDIA_BASE_URL. */
export function mediaObjectPath(sha256: string, extension: string): string {
  return `${sha256.slice(0, 2)}/${sha256}.${extension}`;
}

/**
 * The media folder on disk. Database rows say which objects exist; this class only moves files
 * into place after a commit and removes them after a delete commits. Both steps for one object
 * run one at a time, so an upload that re-adds an object cannot lose its file to a delete of the
 * same object finishing at the same moment (across several processes the database row, checked
 * just before removing, narrows that window to a few milliseconds).
 */
export class MediaStore {
  readonly tempDir: string;
  private readonly queues = new Map<string, Promise<void>>();

  constructor(readonly mediaDir: string) {
    // A dot folder: @fastify/static refuses dotfiles, so partial uploads are never served.
    this.tempDir = path.join(mediaDir, '.tmp');
  }

  private absolute(relativePath: string): string {
    return path.join(this.mediaDir, ...relativePath.split('/'));
  }

  private serialised(key: string, work: () => Promise<void>): Promise<void> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return next;
  }

  /**
   * Moves a received temporary file to its content address. When the object is already there,
   * the rename replaces it with identical bytes, which also heals a file that went missing.
   */
  place(tempPath: string, relativePath: string): Promise<void> {
    return this.serialised(relativePath, async () => {
      const target = this.absolute(relativePath);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tempPath, target);
    });
  }

  /**
   * Creates the folder an object will be moved into. Called inside the upload's transaction, so
   * a media folder that cannot be written to rolls the upload back instead of committing rows
   * whose file never arrives.
   */
  async prepare(relativePath: string): Promise<void> {
    await mkdir(path.dirname(this.absolute(relativePath)), { recursive: true });
  }

  /** Removes an object's file unless the database has meanwhile recorded it again. */
  removeUnlessUsed(relativePath: string, stillRecorded: () => Promise<boolean>): Promise<void> {
    return this.serialised(relativePath, async () => {
      if (await stillRecorded()) return;
      await rm(this.absolute(relativePath), { force: true });
    });
  }

  /**
   * Removes temporary files that a crashed process left behind. Only old ones: another process
   * sharing MEDIA_DIR may be receiving an upload right now.
   */
  async sweepStaleTemps(olderThanMs: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.tempDir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.tempDir, name);
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
