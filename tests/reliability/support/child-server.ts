import { spawn, type ChildProcess } from 'node:child_process';
import { until } from '../../server/support/waiting';
import { captureLine } from './log-capture';

export interface ChildServer {
  child: ChildProcess;
  /** Every line it has written to stdout and stderr, also scanned for secrets (log-capture). */
  lines: string[];
  exited: Promise<number | null>;
}

/**
 * A server script (server/server.ts, or load-server.ts without the seed) run as a child process
 * under tsx with `env`, once it has written a line containing `ready`.
 */
export async function startChildServer(
  script: string,
  env: Record<string, string>,
  ready: string,
): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
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
