import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process per data directory. PGlite is PostgreSQL in one process with no lock of its own:
 * a second process that opens the same directory writes over the first one's files, and the
 * database is lost (PGlite's open issue #1106 tells the same story). So the server, the backup
 * and the restore each take an exclusive lock on DATA_DIR/server.lock before the database is
 * opened, and hold it for the life of the process: the kernel releases it when the process ends,
 * however it ends (kill -9 included), so there is never a stale lock to clear by hand.
 *
 * Node has no flock(2); util-linux's flock(1) takes it for us on a descriptor we hand it. The
 * lock belongs to the open file description, which this process keeps open after flock(1) has
 * exited, so it is held until this process closes the file or dies.
 */
export class DataDirLocked extends Error {
  override readonly name = 'DataDirLocked';
}

export interface DataDirLock {
  /** How the lock is held: 'flock' (kernel lock), or 'pid-file' where flock(1) is missing. */
  kind: 'flock' | 'pid-file';
  /** Gives the lock up before the process ends (tests; a process that keeps running). */
  release(): void;
}

const LOCK_FILE = 'server.lock';
/** flock(1)'s exit code when another holds the lock, chosen so it is not confused with others. */
const CONFLICT = 75;

function holderOf(lockPath: string): string {
  try {
    const holder = readFileSync(lockPath, 'utf8').trim();
    return holder === '' ? '' : ` (${holder})`;
  } catch {
    return '';
  }
}

function lockedMessage(dataDir: string, holder: string): string {
  return (
    `another TiLiA Web process is using the data directory ${dataDir}${holder}. ` +
    'Only one process may open the embedded database at a time: stop the other one first ' +
    '(or give this one another DATA_DIR). Nothing was changed.'
  );
}

/**
 * Takes the data directory's lock, or throws DataDirLocked naming the holder. `purpose` is
 * written into the lock file for the next one to read ('server on 127.0.0.1:8080', 'backup').
 */
export function lockDataDir(dataDir: string, purpose: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const fd = openSync(lockPath, 'a+', 0o600);
  const result = spawnSync(
    'flock',
    ['--nonblock', '--exclusive', '--conflict-exit-code', String(CONFLICT), '3'],
    {
      stdio: ['ignore', 'ignore', 'pipe', fd],
    },
  );
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    closeSync(fd);
    return pidFileLock(dataDir, purpose);
  }
  if (result.status === CONFLICT) {
    closeSync(fd);
    throw new DataDirLocked(lockedMessage(dataDir, holderOf(lockPath)));
  }
  if (result.status !== 0) {
    closeSync(fd);
    throw new Error(`could not lock ${lockPath}: ${String(result.stderr).trim() || result.error}`);
  }
  // Truncating through another descriptor leaves the lock, which is on `fd`, as it is.
  writeFileSync(lockPath, `pid ${process.pid}, ${purpose}, since ${new Date().toISOString()}\n`);
  let released = false;
  return {
    kind: 'flock',
    release: () => {
      if (released) return;
      released = true;
      closeSync(fd);
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Where flock(1) is missing (not Linux): a file created exclusively, holding our pid; a file left
 * by a process that is gone is taken over. Weaker than the kernel's lock (a reused pid looks
 * alive), so the server says which one it holds.
 */
function pidFileLock(dataDir: string, purpose: string): DataDirLock {
  const pidPath = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(pidPath, `${process.pid}\n${purpose}\n`, { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        kind: 'pid-file',
        release: () => {
          if (released) return;
          released = true;
          // Removed only while it is still ours, so the next process can create it exclusively.
          if (readFileSync(pidPath, 'utf8').startsWith(`${process.pid}\n`)) rmSync(pidPath);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText = '', holder = ''] = readFileSync(pidPath, 'utf8').split('\n');
      const pid = Number.parseInt(pidText, 10);
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
        throw new DataDirLocked(lockedMessage(dataDir, ` (pid ${pid}, ${holder})`));
      }
      rmSync(pidPath, { force: true });
    }
  }
  throw new DataDirLocked(lockedMessage(dataDir, ''));
}
