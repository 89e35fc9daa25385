import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, until } from '../../server/support/waiting';
import { captureLine } from './log-capture';

export interface ChildServer {
  child: ChildProcess;
  /** Every line it has written to stdout and stderr, also scanned for secrets (log-capture). */
  lines: string[];
  exited: Promise<number | null>;
}

export interface ChildServerSetting {
  /** A fresh folder holding the server's data and a stand-in client build. */
  folder: string;
  port: number;
  /** This process's environment, on PGlite in `folder`, listening on `port`. */
  env: Record<string, string>;
}

/** A folder, a free port and the environment for a server run as a child process. */
export async function childServerSetting(
  prefix: string,
  secretKey: string,
): Promise<ChildServerSetting> {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  const clientDir = path.join(folder, 'client');
  mkdirSync(clientDir);
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>TiLiA</title>');
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: path.join(folder, 'data'),
    CLIENT_DIR: clientDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SECRET_KEY: secretKey,
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  return { folder, port, env };
}

/**
 * A server script run as a child process with `env`, once it has written a line containing
 * `ready`: TypeScript (server/server.ts, or load-server.ts without the seed) under tsx, the
 * compiled server (dist-server/server.js) with plain node.
 */
export async function startChildServer(
  script: string,
  env: Record<string, string>,
  ready: string,
): Promise<ChildServer> {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, script], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      lines.push(line);
      captureLine(line);
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await until(() => lines.some((line) => line.includes(ready)), 'the server to listen', 120_000);
  return { child, lines, exited };
}
