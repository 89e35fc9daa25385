import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import {
  pgliteDir,
  requestBackup,
  restoreBackup,
  serveBackups,
  writeBackup,
} from '../../server/db/pglite-backup';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tilia-backup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const silent = { info: () => undefined, error: () => undefined };

async function titles(dir: string): Promise<string[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir: dir, thread: 'main' });
  try {
    return await database.withConnection(async (run) =>
      (await run('SELECT title FROM abstract_works ORDER BY id')).map((row) => String(row.title)),
    );
  } finally {
    await database.close();
  }
}

describe('backups of the embedded database', () => {
  it('copies the database while it is in use, and a restore brings that copy back', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir(dataDir) });
    await migrate(database);
    await database.withConnection((run) =>
      run(`INSERT INTO abstract_works (title) VALUES ('Before')`),
    );
    // Asked for over the control socket, as `npm run backup` asks the running server.
    const control = await serveBackups(dataDir, database, silent);
    const written = await requestBackup(dataDir);
    await control.close();
    expect(written.path.startsWith(path.join(dataDir, 'backups'))).toBe(true);
    expect(written.bytes).toBeGreaterThan(100_000);
    await database.withConnection((run) =>
      run(`INSERT INTO abstract_works (title) VALUES ('After')`),
    );
    await database.close();
    expect(await titles(pgliteDir(dataDir))).toEqual(['Before', 'After']);

    const restored = await restoreBackup(dataDir, written.path);
    expect(restored.files).toBe(0);
    expect(await titles(pgliteDir(dataDir))).toEqual(['Before']);
    // The database it replaced is kept, whole.
    expect(restored.keptAs).not.toBeNull();
    expect(await titles(restored.keptAs!)).toEqual(['Before', 'After']);
  });

  it('writes a backup whole or not at all, under a new name each time', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null, thread: 'main' });
    await migrate(database);
    const first = await writeBackup(database, dataDir);
    const second = await writeBackup(database, dataDir);
    await database.close();
    expect(first.path).not.toBe(second.path);
    expect(existsSync(`${first.path}.partial`)).toBe(false);
  });

  it('replaces nothing when the backup cannot be opened', async () => {
    const broken = path.join(dataDir, 'broken.tar.gz');
    writeFileSync(broken, 'not a tarball');
    await expect(restoreBackup(dataDir, broken)).rejects.toThrow();
    expect(await titles(pgliteDir(dataDir))).toEqual(['Before']);
  });

  it('refuses to open a folder that holds files but no database', async () => {
    const folder = path.join(dataDir, 'not-a-database');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'notes.txt'), 'keep me');
    await expect(openDatabase({ kind: 'pglite', dataDir: folder })).rejects.toThrow(
      /holds files but no database/,
    );
    expect(existsSync(path.join(folder, 'notes.txt'))).toBe(true);
    expect(existsSync(path.join(folder, 'PG_VERSION'))).toBe(false);
  });
});
