import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { TEST_SECRET } from '../../server/support/test-app';
import { childServerSetting } from './child-server';
import { captureLine } from './log-capture';

export interface LoadServer {
  base: string;
  pid: number;
  /** Lines the server wrote (warnings and errors only: it logs at 'warn'). */
  lines: string[];
  stop(): Promise<number | null>;
}

/** Starts tests/reliability/support/load-server.ts on PGlite or the given PostgreSQL database. */
export async function startLoadServer(
  databaseUrl: string | null,
  extraEnv: Record<string, string> = {},
): Promise<LoadServer> {
  const setting = await childServerSetting('tilia-load-', TEST_SECRET);
  const { folder, port } = setting;
  const env: Record<string, string> = {
    ...setting.env,
    LOG_LEVEL: 'warn',
    // The load and soak upload as a few users, far more often than MAX_UPLOADS_PER_HOUR allows.
    MAX_UPLOADS_PER_HOUR: '1000000',
    ...extraEnv,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'tests/reliability/support/load-server.ts'],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  let listening = false;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      if (line.startsWith('load-server listening')) listening = true;
      lines.push(line);
      if (!line.startsWith('soak-stats')) captureLine(line);
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  while (!listening) {
    if (Date.now() > deadline || child.exitCode !== null) {
      throw new Error(`the load server did not start:\n${lines.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    lines,
    stop: async () => {
      child.kill('SIGTERM');
      const code = await exited;
      rmSync(folder, { recursive: true, force: true });
      return code;
    },
  };
}

/** Open file descriptors of a process (Linux /proc). */
export function openFileCount(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

export interface LoadFigures {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  status4xx: number;
  status5xx: number;
  statusCounts: Record<string, number>;
}

export function figures(result: autocannon.Result): LoadFigures {
  const statusCounts: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCounts[code] = stats.count ?? 0;
  }
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    status4xx: result['4xx'],
    status5xx: result['5xx'],
    statusCounts,
  };
}

/** The read mix of the issue: viewer JSON, a file search and a component search, by turns. */
export function readMix(fileIds: number[]): autocannon.Request[] {
  const pick = () => fileIds[Math.floor(Math.random() * fileIds.length)]!;
  const searches = ['Sonata', 'sonata 1', 'Load', 'Test Composer', 'zz'];
  const labels = ['M1', 'M2', 'M10', 'M4', 'none'];
  const any = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  return [
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `/api/v1/files/${pick()}/json` }),
    },
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: `/api/v1/files/query/?query=${encodeURIComponent(JSON.stringify({ title: any(searches) }))}&page=${encodeURIComponent(String(1 + Math.floor(Math.random() * 2)))}`,
      }),
    },
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: `/api/v1/components/query/?query=${encodeURIComponent(
          JSON.stringify({ 'tl.kind': 'MARKER', cmp: { label: any(labels) } }),
        )}&order_by=${encodeURIComponent('"time"')}`,
      }),
    },
  ];
}

/**
 * autocannon with a 30 s request timeout (its default is 10 s): on a shared two-core machine a
 * request can wait that long in the queue without anything being wrong with the server; a
 * request that never gets an answer still counts as an error.
 */
export function runCannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ timeout: 30, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}
