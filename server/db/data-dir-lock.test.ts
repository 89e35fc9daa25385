import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLocked, lockDataDir } from './data-dir-lock';

const folders: string[] = [];
function folder(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'tilia-lock-'));
  folders.push(made);
  return made;
}

afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

/** Tries to take the lock from another process; its exit code says what happened. */
function lockFromAnotherProcess(dataDir: string): { status: number | null; stderr: string } {
  const script = `
    import { lockDataDir } from ${JSON.stringify(new URL('./data-dir-lock.ts', import.meta.url).href)};
    try { lockDataDir(${JSON.stringify(dataDir)}, 'test'); process.exit(0); }
    catch (error) { console.error(error.message); process.exit(3); }`;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
    },
  );
  return { status: result.status, stderr: result.stderr };
}

describe('lockDataDir', () => {
  it('lets one process hold a data directory, naming it to the next', () => {
    const dataDir = folder();
    const lock = lockDataDir(dataDir, 'server on 127.0.0.1:8080');
    expect(lock.kind).toBe('flock');
    expect(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toContain(`pid ${process.pid}`);
    const other = lockFromAnotherProcess(dataDir);
    expect(other.status).toBe(3);
    expect(other.stderr).toContain(
      `another TiLiA Web process is using the data directory ${dataDir}`,
    );
    expect(other.stderr).toContain('server on 127.0.0.1:8080');
    lock.release();
    expect(lockFromAnotherProcess(dataDir).status).toBe(0);
  });

  it('is released by the kernel when its process ends, however it ends', () => {
    const dataDir = folder();
    // A process that takes the lock and is killed while holding it.
    const script = `
      import { lockDataDir } from ${JSON.stringify(new URL('./data-dir-lock.ts', import.meta.url).href)};
      lockDataDir(${JSON.stringify(dataDir)}, 'doomed');
      process.kill(process.pid, 'SIGKILL');`;
    const killed = spawnSync(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ]);
    expect(killed.signal).toBe('SIGKILL');
    const lock = lockDataDir(dataDir, 'next');
    lock.release();
  });

  it('refuses a second lock in the same process too', () => {
    const dataDir = folder();
    const lock = lockDataDir(dataDir, 'first');
    expect(() => lockDataDir(dataDir, 'second')).toThrow(DataDirLocked);
    lock.release();
  });

  it('falls back to a pid file where flock(1) is missing, taking over one left by a dead process', () => {
    const dataDir = folder();
    const savedPath = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const lock = lockDataDir(dataDir, 'first');
      expect(lock.kind).toBe('pid-file');
      expect(() => lockDataDir(dataDir, 'second')).toThrow(/pid \d+, first/);
      lock.release();
      const again = lockDataDir(dataDir, 'again');
      again.release();
    } finally {
      process.env.PATH = savedPath;
    }
  });
});
