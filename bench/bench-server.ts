import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * server/server.ts as a child process on `port` of 127.0.0.1, with `env` over the process's own
 * environment, once /api/v1/health answers and its start-up work is done (quiet); killed and an
 * error if it has not answered within `startMs`.
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
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) {
        // Answered by another server on the port, this one stops (the data directory's lock).
        await new Promise((resolve) => setTimeout(resolve, 300));
        if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
        await quiet(server, deadline);
        return server;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  server.kill();
  throw new Error('The bench server did not start.');
}

/** CPU time a process has used, in clock ticks (Linux's /proc); null where it cannot be read. */
function cpuTicks(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields 14 and 15 (utime, stime) after the command's name, which ends with ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** A window's CPU below this share of a core counts as quiet. */
const QUIET_SHARE = 0.1;
const QUIET_WINDOW_MS = 500;

/**
 * Waits until the server has used under QUIET_SHARE of a core for two windows in a row, or the
 * deadline. A server in a new data directory computes the seeded recordings' waveform peaks
 * after it answers (about 12 s of CPU for the eighteen examples): a bench measuring meanwhile measures
 * that work too, which a running site does once.
 */
async function quiet(server: ChildProcess, deadline: number): Promise<void> {
  let quietWindows = 0;
  let before = cpuTicks(server.pid);
  while (before !== null && quietWindows < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    const now = cpuTicks(server.pid);
    if (now === null) return;
    // Clock ticks are a hundredth of a second on Linux.
    const share = (now - before) / 100 / (QUIET_WINDOW_MS / 1000);
    quietWindows = share < QUIET_SHARE ? quietWindows + 1 : 0;
    before = now;
  }
}
