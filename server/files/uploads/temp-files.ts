import { createHash, randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/*
 * Names of the temporary files an upload is received into (MEDIA_DIR/.tmp): the receiving
 * process's host and pid, then a random part. On start a process can then tell, among the files
 * left there, which belonged to a process that is gone (killed with -9, out of memory, the
 * machine restarted) and remove them at once, without touching those of another process that
 * shares MEDIA_DIR and may be receiving an upload right now. What it cannot tell apart (another
 * host's, or an older server's files) the 24-hour sweep of MediaStore.sweepStaleTemps removes.
 */

// A hash: a host name may hold any character, and names need not be readable.
const HOST_TAG = createHash('sha256').update(hostname()).digest('hex').slice(0, 12);
const TEMP_NAME = /^([0-9a-f]{12})\.(\d+)\.[0-9a-f-]{36}$/;

/** A new temporary file's name, owned by this process. */
export function tempFileName(): string {
  return `${HOST_TAG}.${process.pid}.${randomUUID()}`;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * Removes the temporary files of this host's processes that are no longer running, and this
 * process id's own: called before the server takes requests, so no upload of its own is live (a
 * container's server is pid 1 on every start, so a file with our pid is its predecessor's).
 */
export async function removeOrphanTemps(tempDir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tempDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const owner = TEMP_NAME.exec(name);
    if (!owner || owner[1] !== HOST_TAG) continue;
    const pid = Number(owner[2]);
    if (pid !== process.pid && isRunning(pid)) continue;
    await rm(path.join(tempDir, name), { force: true });
    removed += 1;
  }
  return removed;
}
