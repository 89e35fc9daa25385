/**
 * `npm run backup [FILE]`: a consistent copy of the embedded database (PGlite), while the server
 * runs or not. The running server writes it (only it may open the database); with no server
 * running, this command opens the database itself. Without FILE the copy stays in
 * DATA_DIR/backups/; with FILE it is moved there.
 */
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { DataDirLocked, lockDataDir } from '../db/data-dir-lock';
import { pgliteDir, requestBackup, writeBackup, type BackupWritten } from '../db/pglite-backup';

async function backupWithoutServer(dataDir: string): Promise<BackupWritten> {
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: pgliteDir(dataDir),
    thread: 'main',
  });
  try {
    return await writeBackup(database, dataDir);
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back a PostgreSQL server up with its own tools (pg_dump).');
    return 2;
  }
  let written: BackupWritten;
  try {
    const lock = lockDataDir(config.dataDir, 'backup');
    try {
      written = await backupWithoutServer(config.dataDir);
    } finally {
      lock.release();
    }
  } catch (error) {
    if (!(error instanceof DataDirLocked)) throw error;
    // The server holds the database: it makes the copy.
    written = await requestBackup(config.dataDir);
  }
  const destination = process.argv[2];
  if (destination) {
    const target = path.resolve(destination);
    copyFileSync(written.path, target);
    rmSync(written.path);
    written = { ...written, path: target };
  }
  console.log(`Backup written: ${written.path} (${(written.bytes / 1024 / 1024).toFixed(1)} MB)`);
  console.log(`Restore it, with the server stopped: npm run restore -- ${written.path}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Backup failed: ${error instanceof ConfigError ? error.message : String(error)}`);
    process.exit(1);
  },
);
