import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database } from './database';

/**
 * Backups of the embedded database. Only one process may open it (data-dir-lock.ts), so a backup
 * taken while the server runs is made by the server itself: `npm run backup` asks it over a Unix
 * socket that only the server's user can open, and the server writes the copy into
 * DATA_DIR/backups/. With no server running, the backup command opens the database itself.
 */

export interface BackupWritten {
  path: string;
  bytes: number;
}

/** Where the database's folder is, inside DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** Sortable and safe in a file name: 2026-11-28T10-15-02-123Z. */
function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

/** Writes a dump into DATA_DIR/backups/ under a new name, whole or not at all. */
export async function writeBackup(database: Database, dataDir: string): Promise<BackupWritten> {
  const dump = database.dump();
  if (!dump) throw new Error('only the embedded database is backed up this way (use pg_dump)');
  const bytes = await dump;
  const folder = backupsDir(dataDir);
  await mkdir(folder, { recursive: true });
  const target = path.join(folder, `tilia-${stamp()}.tar.gz`);
  const partial = `${target}.partial`;
  const file = await open(partial, 'wx', 0o600);
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(partial, target);
  return { path: target, bytes: bytes.length };
}

/** The file that tells `npm run backup` where the running server listens. */
function controlFile(dataDir: string): string {
  return path.join(dataDir, 'control.json');
}

/** A Unix socket path must fit in about 100 bytes; a deep DATA_DIR gets one in the temp folder. */
function socketPathFor(dataDir: string): string {
  const inside = path.join(dataDir, 'control.sock');
  if (Buffer.byteLength(inside) < 100) return inside;
  const digest = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `tilia-web-${digest}.sock`);
}

/**
 * Answers backup requests while the server runs. Called with the data directory's lock held, so a
 * socket file left by a process that died is this server's to replace.
 */
export async function serveBackups(
  dataDir: string,
  database: Database,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): Promise<{ close(): Promise<void> }> {
  const socketPath = socketPathFor(dataDir);
  rmSync(socketPath, { force: true });
  const server: Server = createServer((connection) => {
    connection.setEncoding('utf8');
    let request = '';
    connection.on('data', (chunk: string) => {
      request += chunk;
      if (!request.includes('\n')) return;
      if (request.trim() !== 'backup') {
        connection.end(JSON.stringify({ ok: false, error: 'unknown request' }) + '\n');
        return;
      }
      writeBackup(database, dataDir).then(
        (written) => {
          log.info(written, 'backup written');
          connection.end(JSON.stringify({ ok: true, ...written }) + '\n');
        },
        (error: unknown) => {
          log.error({ err: error }, 'backup failed');
          connection.end(JSON.stringify({ ok: false, error: String(error) }) + '\n');
        },
      );
    });
    connection.on('error', () => connection.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  // Only the server's own user may ask for a backup.
  chmodSync(socketPath, 0o600);
  writeFileSync(controlFile(dataDir), JSON.stringify({ pid: process.pid, socket: socketPath }));
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        rmSync(controlFile(dataDir), { force: true });
        server.close(() => resolve());
      }),
  };
}

/** Asks the server that holds DATA_DIR for a backup; its answer names the file written. */
export async function requestBackup(dataDir: string): Promise<BackupWritten> {
  const file = controlFile(dataDir);
  if (!existsSync(file)) {
    throw new Error(`the server holding ${dataDir} does not answer backup requests (no ${file})`);
  }
  const { socket } = JSON.parse(readFileSync(file, 'utf8')) as { socket: string };
  const answer = await new Promise<string>((resolve, reject) => {
    let text = '';
    const connection = createConnection(socket, () => connection.write('backup\n'));
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => (text += chunk));
    connection.on('end', () => resolve(text));
    connection.on('error', reject);
  });
  const reply = JSON.parse(answer) as { ok: boolean; error?: string } & Partial<BackupWritten>;
  if (!reply.ok || reply.path === undefined) throw new Error(reply.error ?? 'backup failed');
  return { path: reply.path, bytes: reply.bytes ?? 0 };
}

export interface Restored {
  files: number;
  /** Where the database that was replaced now is (kept, never deleted), or null if none was. */
  keptAs: string | null;
}

/**
 * Replaces the database with a backup. Called with the data directory's lock held (no server
 * running). The backup is opened and checked in a folder of its own first; only then is the
 * current database moved aside (kept beside it) and the restored one put in its place.
 */
export async function restoreBackup(dataDir: string, backupFile: string): Promise<Restored> {
  const tarball = await readFile(backupFile);
  const target = pgliteDir(dataDir);
  const staging = `${target}.restoring`;
  await rm(staging, { recursive: true, force: true });
  const restored = await PGlite.create({
    dataDir: staging,
    loadDataDir: new Blob([tarball]),
    extensions: { pg_trgm },
  });
  let files: number;
  try {
    const result = await restored.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM files',
    );
    files = result.rows[0]?.count ?? 0;
  } finally {
    await restored.close();
  }
  let keptAs: string | null = null;
  if (existsSync(target) && (await stat(target)).isDirectory()) {
    keptAs = `${target}.before-restore-${stamp()}`;
    renameSync(target, keptAs);
  }
  renameSync(staging, target);
  return { files, keptAs };
}
