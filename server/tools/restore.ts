/**
 * `npm run restore -- FILE`: puts a backup made by `npm run backup` in place of the embedded
 * database. The server must be stopped. The backup is opened and checked first; the database it
 * replaces is kept beside it (DATA_DIR/pglite.before-restore-...), never deleted.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DataDirLocked, lockDataDir } from '../db/data-dir-lock';
import { restoreBackup } from '../db/pglite-backup';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npm run restore -- BACKUP_FILE   (a file written by npm run backup)');
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: restore a PostgreSQL server with its own tools.');
    return 2;
  }
  const backup = path.resolve(file);
  if (!existsSync(backup)) {
    console.error(`No such file: ${backup}`);
    return 2;
  }
  let lock;
  try {
    lock = lockDataDir(config.dataDir, 'restore');
  } catch (error) {
    if (!(error instanceof DataDirLocked)) throw error;
    console.error(`Stop the server first: ${error.message}`);
    return 1;
  }
  try {
    const restored = await restoreBackup(config.dataDir, backup);
    console.log(`Restored ${backup}: ${restored.files} files.`);
    if (restored.keptAs) console.log(`The database it replaced is kept in ${restored.keptAs}.`);
    return 0;
  } finally {
    lock.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `Restore failed, nothing was replaced: ${error instanceof ConfigError ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
