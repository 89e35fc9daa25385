import { spawn, spawnSync } from 'node:child_process';

/**
 * HTTP load from wrk (Debian's package `wrk`), a C client, when it is installed. autocannon, a
 * JavaScript client, reads every response body on the same two cores as the server: against the
 * 4.3 MB reference JSON it tops out at ~160 requests/s here even against a bare node:http server
 * that sends one prepared buffer, so it measures itself, not the server (docs/performance.md).
 */

export interface HttpLoad {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  bytesPerRequest: number;
}

export function wrkAvailable(): boolean {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  // wrk prints its version and usage and exits 1; a missing binary has no status at all.
  return probe.error === undefined && /^wrk /m.test(`${probe.stdout}${probe.stderr}`);
}

const TIME_UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const SIZE_UNITS: Record<string, number> = {
  B: 1,
  KB: 1024,
  MB: 1024 ** 2,
  GB: 1024 ** 3,
  TB: 1024 ** 4,
};

function milliseconds(value: string, unit: string): number {
  return Number(value) * (TIME_UNITS[unit] ?? Number.NaN);
}

/** Reads the report of `wrk --latency`; throws when a figure the bench needs is missing. */
export function parseWrkReport(report: string): HttpLoad {
  const percentile = (p: number) => {
    const match = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(report);
    if (!match) throw new Error(`wrk reported no ${p}% latency`);
    return milliseconds(match[1]!, match[2]!);
  };
  const rate = /^Requests\/sec:\s+([\d.]+)/m.exec(report);
  const total = /(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB|TB) read/.exec(report);
  if (!rate || !total) throw new Error('wrk reported no request rate');
  const requests = Number(total[1]);
  const bytes = Number(total[2]) * (SIZE_UNITS[total[3]!] ?? Number.NaN);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(report);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    report,
  );
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requestsPerSecond: Number(rate[1]),
    p50: percentile(50),
    p99: percentile(99),
    errors: Number(non2xx?.[1] ?? 0) + socketErrors,
    bytesPerRequest: requests > 0 ? bytes / requests : 0,
  };
}

/**
 * `connections` keep-alive connections on two threads for `seconds`. Asynchronous, so that the
 * bench's own process can go on sending other requests while wrk runs.
 */
export async function wrkLoad(
  url: string,
  options: { connections: number; seconds: number; headers: Record<string, string> },
): Promise<HttpLoad> {
  const headerArgs = Object.entries(options.headers).flatMap(([name, value]) => [
    '-H',
    `${name}: ${value}`,
  ]);
  const run = spawn(
    'wrk',
    ['-t2', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', ...headerArgs, url],
    { timeout: (options.seconds + 30) * 1000 },
  );
  let stdout = '';
  let stderr = '';
  run.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  run.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const status = await new Promise<number | null>((resolve, reject) => {
    run.on('error', reject);
    run.on('close', resolve);
  });
  if (status !== 0) throw new Error(`wrk failed: ${stderr || `exit ${status}`}`);
  return parseWrkReport(stdout);
}
