import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/support/waiting';

/**
 * A PostgreSQL server of the test's own: initdb into a temporary folder, its own port, the
 * machine's binaries. Fault tests stop and restart this one, never the machine's shared service.
 */
export interface OwnPostgres {
  url: string;
  port: number;
  /** Asynchronous, so the server under test keeps running while PostgreSQL restarts. */
  restart(): Promise<void>;
  stop(): void;
  /** Stops the server and removes its folder. */
  destroy(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error('no PostgreSQL binaries under /usr/lib/postgresql (apt-get install postgresql)');
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  const folder = mkdtempSync(path.join(tmpdir(), 'tilia-own-pg-'));
  const dataDir = path.join(folder, 'data');
  const logFile = path.join(folder, 'server.log');
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(folder, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], {
          cwd: folder,
          stdio: 'pipe',
        })
      : execFileSync(path.join(bin, tool), args, { cwd: folder, stdio: 'pipe' });
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) => run('pg_ctl', ['-D', dataDir, '-l', logFile, ...args]);
  pgCtl('-o', options, '-w', 'start');
  let running = true;
  const stop = () => {
    if (running) pgCtl('-m', 'fast', '-w', 'stop');
    running = false;
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: async () => {
      const args = ['-D', dataDir, '-l', logFile, '-o', options, '-m', 'fast', '-w', 'restart'];
      const tool = path.join(bin, 'pg_ctl');
      await (asRoot
        ? promisify(execFile)('runuser', ['-u', 'postgres', '--', tool, ...args], { cwd: folder })
        : promisify(execFile)(tool, args, { cwd: folder }));
      running = true;
    },
    stop,
    destroy: () => {
      try {
        stop();
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
