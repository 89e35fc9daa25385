import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * server/server.ts as a child process on `port` of 127.0.0.1, with `env` over the process's own
 * environment, once /api/v1/health answers; killed and an error if it has not within `startMs`.
 */
export async function spawnBenchServer(
  port: number,
  env: Record<string, string>,
  startMs: number,
): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + startMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  server.kill();
  throw new Error('The bench server did not start.');
}
