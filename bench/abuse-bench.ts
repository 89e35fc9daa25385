import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { Database } from '../server/db/database';
import { percentile } from './percentile';
import { referenceCounts, referenceTla, silentWav } from './reference-file';
import {
  benchToken,
  prepare,
  queryUrl,
  startBenchServer,
  upload,
  withBenchDatabase,
} from './server-bench';
import { wrkLoad } from './wrk-load';

/**
 * Abusive requests against everyone else's (DESIGN.md section 7, server): while they repeat,
 * `GET /api/v1/health` answers within p99 <= 100 ms and max <= 300 ms, and `files/{id}/json` of
 * an ordinary file keeps >= 70% of its unloaded rate. The abuses: an upload of a file just under
 * MAX_COMPONENTS, one far over it (refused), a file of 10,000 timelines, the viewer JSON of the
 * big file without compression, the deepest result page, a CSV export of every beat, a JAMS
 * export of the big file, 50 wrong logins at once from 50 addresses, logins and uploads that
 * once gave a 500 (a NUL in a username, a level of 2^31), and 1,000 slow bodies from one address.
 *
 * The health probe runs in a worker thread of its own, so the abusing client's work in this
 * process never delays it; the JSON load comes from wrk (a C client, bench/wrk-load.ts), which
 * this bench needs.
 */

export interface AbuseBenchOptions {
  database: 'pglite' | 'postgres';
  postgresUrl: string | null;
  port: number;
  /** Components of the big file (the server's MAX_COMPONENTS is 500,000). */
  bigComponents: number;
  /** Components of the refused file. */
  overComponents: number;
  /** The server's MAX_COMPONENTS (its default when not given). */
  maxComponents?: number;
  /** Seconds each abuse is measured. */
  seconds: number;
  /** Only the abuses whose names match (the unloaded row always runs). */
  only?: RegExp;
  log?: (line: string) => void;
}

export interface AbuseRow {
  database: 'pglite' | 'postgres';
  abuse: string;
  healthP50: number;
  healthP99: number;
  healthMax: number;
  jsonRequestsPerSecond: number;
  /** The JSON rate under this abuse over the unloaded rate. */
  jsonShare: number;
  /** Abusive requests completed in the window, by status. */
  abuseStatuses: Record<string, number>;
  /** CPU of each kind of process over the window, in % of one core (see `sampleCpu`). */
  cpu: Record<CpuGroup, number>;
  /** PostgreSQL only: transactions of the bench's database a second over the window. */
  databaseTransactionsPerSecond?: number;
}

type CpuGroup = 'server' | 'bench' | 'wrk' | 'postgres' | 'other';

/** Minutes of the reference file that hold about `components` components. */
function minutesFor(components: number): number {
  const perMinute = (() => {
    const c = referenceCounts(180);
    return (c.beats + c.hierarchyUnits + c.markers + c.harmonies + c.pdfPages) / 180;
  })();
  return Math.max(1, Math.floor(components / perMinute));
}

const HEALTH_PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const times = [];
let stop = false;
parentPort.on('message', () => { stop = true; });
(async () => {
  while (!stop) {
    const started = performance.now();
    try {
      const response = await fetch(workerData.url);
      await response.arrayBuffer();
    } catch {}
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage(times);
})();
`;

/** Sequential GET /health every 20 ms in a worker thread until stopped; its latencies. */
function probeHealth(base: string): { stop(): Promise<number[]> } {
  const worker = new Worker(HEALTH_PROBE, {
    eval: true,
    workerData: { url: `${base}/api/v1/health` },
  });
  const done = new Promise<number[]>((resolve) => worker.once('message', resolve));
  return {
    stop: async () => {
      worker.postMessage('stop');
      const times = await done;
      await worker.terminate();
      return times;
    },
  };
}

/** One abusive request by client number `client`, aborted by `signal`; its status. */
type AbusiveRequest = (signal: AbortSignal, client: number) => Promise<number>;

/**
 * `clients` loops, each repeating `request` until stopped; the statuses they got. Stopping aborts
 * the requests in flight (an export or an upload can outlast the window by minutes).
 */
function repeat(clients: number, request: AbusiveRequest) {
  const stopping = new AbortController();
  const statuses: Record<string, number> = {};
  const loops = Array.from({ length: clients }, async (_, client) => {
    while (!stopping.signal.aborted) {
      let status: string;
      try {
        status = String(await request(stopping.signal, client));
      } catch {
        status = 'error';
      }
      if (!stopping.signal.aborted) statuses[status] = (statuses[status] ?? 0) + 1;
    }
  });
  return {
    stop: async () => {
      stopping.abort();
      await Promise.all(loops);
      return statuses;
    },
  };
}

/** CPU time a process has used, in clock ticks (hundredths of a second on Linux). */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Every process's CPU ticks and short name, from /proc. */
function processTicks(): Map<number, { ticks: number; name: string }> {
  const found = new Map<number, { ticks: number; name: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      found.set(Number(entry), { ticks: cpuTicks(Number(entry)), name });
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

/**
 * CPU by kind of process while a row runs, sampled from /proc every 500 ms: the server, this
 * bench (the abusing client and the `/health` probe), wrk, PostgreSQL (every backend on the
 * machine) and everything else (other people's work on a shared machine). A process that starts
 * during the row counts from its start; one that ends loses at most its last 500 ms.
 */
function sampleCpu(serverPid: number): { stop(): Record<CpuGroup, number> } {
  const groupOf = (pid: number, name: string): CpuGroup =>
    pid === serverPid
      ? 'server'
      : pid === process.pid
        ? 'bench'
        : name === 'wrk'
          ? 'wrk'
          : name === 'postgres'
            ? 'postgres'
            : 'other';
  const totals: Record<CpuGroup, number> = { server: 0, bench: 0, wrk: 0, postgres: 0, other: 0 };
  let last = processTicks();
  const started = performance.now();
  const sample = () => {
    const now = processTicks();
    for (const [pid, { ticks, name }] of now) {
      totals[groupOf(pid, name)] += ticks - (last.get(pid)?.ticks ?? 0);
    }
    last = now;
  };
  const timer = setInterval(sample, 500);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      const seconds = (performance.now() - started) / 1000;
      // Clock ticks are hundredths of a second: ticks a second are % of one core.
      const share = (ticks: number) => Math.round(ticks / seconds);
      return {
        server: share(totals.server),
        bench: share(totals.bench),
        wrk: share(totals.wrk),
        postgres: share(totals.postgres),
        other: share(totals.other),
      };
    },
  };
}

/** Transactions committed or rolled back in the database of `url` so far (PostgreSQL's stats). */
async function databaseTransactions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Statistics reach the view within a second of each transaction; take a fresh snapshot.
    await client.query('SELECT pg_stat_clear_snapshot()');
    const result = await client.query<{ n: string }>(
      'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Waits until the server is idle again: an aborted upload is still being stored after its client
 * left (on PostgreSQL, queries answer quickly meanwhile), and must not weigh on the next row.
 */
async function settle(base: string, serverPid: number): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const before = cpuTicks(serverPid);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const started = performance.now();
    try {
      await (await fetch(`${base}/api/v1/files/query/`)).arrayBuffer();
    } catch {
      // A kept-alive socket the server closed after CLIENT_IDLE_MS while fetch still counted on
      // its Keep-Alive timeout (72 s): not settled yet, ask again on a new one.
      continue;
    }
    if (performance.now() - started < 100 && cpuTicks(serverPid) - before < 10) return;
  }
}

/** `make()`'s value, made on the first call only. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * One request by node:http, its answer read and dropped; its status. The abusing client shares
 * the server's cores here: fetch building a 200 MB multipart body from a Blob, or collecting
 * 20 MB answers into an ArrayBuffer, took a core of its own, which a remote client would not.
 */
/**
 * The abusing client's own address, as another machine's would be: the server tells clients
 * apart by address (a client's large bodies are paced only while other clients are answered).
 * Every 127.x.y.z address reaches the loopback interface on Linux.
 */
const ABUSER_ADDRESS = '127.0.0.2';

function sendCheaply(
  url: string,
  signal: AbortSignal,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer;
    /** Another machine's address (127.x.y.z), for abuse from many addresses. */
    from?: string;
  } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, {
      method: init.method ?? 'GET',
      headers: init.headers,
      signal,
      localAddress: init.from ?? ABUSER_ADDRESS,
    });
    sent.on('error', reject);
    sent.on('response', (response) => {
      response.on('error', reject);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.resume();
    });
    sent.end(init.body);
  });
}

/** A multipart/form-data body of one file part, built once, and its content type. */
function multipartBody(bytes: Buffer, fileName: string) {
  const boundary = `----abuse${Date.now().toString(16)}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * `count` connections from one address, each a POST whose body never comes but for a byte every
 * few seconds (less often than the server's idle timeout): the server keeps at most its cap of
 * connections per address and closes the rest. The statuses: how many were held to the end, and
 * how many the server closed.
 */
function holdSlowBodies(url: URL, count: number): { stop(): Promise<Record<string, number>> } {
  const sockets: Socket[] = [];
  let closedByServer = 0;
  let stopping = false;
  for (let i = 0; i < count; i++) {
    const socket = connect({
      host: url.hostname,
      port: Number(url.port),
      localAddress: ABUSER_ADDRESS,
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (!stopping) closedByServer++;
    });
    socket.on('connect', () => {
      socket.write(
        `POST /api/v1/upload/ HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: multipart/form-data; ` +
          'boundary=x\r\nContent-Length: 10000000\r\n\r\n--x',
      );
    });
    sockets.push(socket);
  }
  const trickle = setInterval(() => {
    for (const socket of sockets) if (!socket.destroyed) socket.write('-');
  }, 10_000);
  return {
    stop: async () => {
      stopping = true;
      clearInterval(trickle);
      const held = sockets.filter((socket) => !socket.destroyed).length;
      for (const socket of sockets) socket.destroy();
      return { held, 'closed by server': closedByServer };
    },
  };
}

/** A .tla of `count` marker timelines of a few markers each: many statements once, one COPY now. */
function manyTimelinesTla(count: number): Buffer {
  const timelines: Record<string, unknown> = {};
  for (let t = 0; t < count; t++) {
    const components: Record<string, unknown> = {};
    for (let m = 0; m < 3; m++) {
      components[`${t}-${m}`] = {
        time: m * 2 + (t % 50),
        comments: '',
        label: `M${m}`,
        color: null,
        kind: 'MARKER',
      };
    }
    timelines[String(t)] = {
      kind: 'MARKER_TIMELINE',
      name: `Markers ${t}`,
      height: 30,
      is_visible: true,
      ordinal: t + 1,
      components,
    };
  }
  return Buffer.from(
    JSON.stringify({
      file_path: '',
      media_path: '',
      media_metadata: { title: 'Many timelines', 'media length': 200 },
      timelines,
      app_name: 'TiLiA',
      version: '0.7.0',
    }),
  );
}

/** A small .tla whose hierarchy unit has a level of 2^31 (a 500 once). */
function hugeLevelTla(): Buffer {
  return Buffer.from(
    JSON.stringify({
      file_path: '',
      media_path: '',
      media_metadata: { title: 'Huge level', 'media length': 10 },
      timelines: {
        '0': {
          kind: 'HIERARCHY_TIMELINE',
          name: 'Form',
          height: 120,
          is_visible: true,
          ordinal: 1,
          components: { '1': { start: 0, end: 5, level: 2 ** 31, kind: 'HIERARCHY' } },
        },
      },
      app_name: 'TiLiA',
      version: '0.7.0',
    }),
  );
}

export async function runAbuseBench(options: AbuseBenchOptions): Promise<AbuseRow[]> {
  const log = options.log ?? console.log;
  // Built when a row first needs them: a run of a few rows (`only`) skips the large files.
  const big = once(() => referenceTla(minutesFor(options.bigComponents)));
  const over = once(() => referenceTla(minutesFor(options.overComponents)));
  return withBenchDatabase(
    options.database,
    options.postgresUrl,
    'abuse',
    (database: Database) => prepare(database, 0),
    async (userId, env) => {
      const server = await startBenchServer(options.port, {
        ...env,
        MAX_UPLOADS_PER_HOUR: '100000',
        ...(options.maxComponents ? { MAX_COMPONENTS: String(options.maxComponents) } : {}),
      });
      const base = `http://127.0.0.1:${options.port}`;
      try {
        const token = await benchToken(userId);
        // The ordinary file whose JSON everyone else keeps reading: 7 minutes, like K. 284 I.
        const victim = await upload(base, token, referenceTla(7), silentWav(5));
        let bigFileId = 0;
        const jsonUrl = `${base}/api/v1/files/${victim.id}/json`;
        // The unloaded rate is every row's yardstick: measured on a server that is done storing the
        // file and warm (its code compiled, the payload cached), as it is in the rows after it.
        await settle(base, server.pid!);
        await wrkLoad(jsonUrl, {
          connections: 4,
          seconds: Math.min(3, options.seconds),
          headers: { 'accept-encoding': 'gzip' },
        });
        await settle(base, server.pid!);
        const uploadAgain = (bytes: () => Buffer) => {
          const multipart = once(() => multipartBody(bytes(), 'abuse.tla'));
          return (signal: AbortSignal) =>
            sendCheaply(`${base}/api/v1/upload/`, signal, {
              method: 'POST',
              body: multipart().body,
              headers: { authorization: `Bearer ${token}`, 'content-type': multipart().type },
            });
        };
        const deepest = queryUrl(base, 'components', { 'tl.kind': 'BEAT' }, 'time', 1000);
        const login = (username: string) => {
          const body = Buffer.from(JSON.stringify({ username, password: 'not-the-password-1' }));
          return (signal: AbortSignal, client: number) =>
            sendCheaply(`${base}/api/v1/token/`, signal, {
              method: 'POST',
              body,
              headers: { 'content-type': 'application/json' },
              // Each client from an address of its own: per-address limits do not stop them.
              from: `127.0.1.${client + 1}`,
            });
        };
        const abuses: {
          name: string;
          clients: number;
          request: AbusiveRequest | null;
          /** The row reads or exports the big file, which is then stored before it. */
          usesBigFile?: boolean;
          hold?: () => { stop(): Promise<Record<string, number>> };
        }[] = [
          { name: 'none', clients: 0, request: null },
          {
            name: `upload of ${options.bigComponents} components`,
            clients: 1,
            request: uploadAgain(big),
            // The rows after it need it stored; its upload also makes the first one start warm.
            usesBigFile: true,
          },
          {
            name: `upload of ${options.overComponents} components (refused)`,
            clients: 1,
            request: uploadAgain(over),
          },
          {
            name: 'big file JSON, uncompressed',
            clients: 2,
            request: (signal) => sendCheaply(`${base}/api/v1/files/${bigFileId}/json`, signal),
            usesBigFile: true,
          },
          {
            name: 'deepest page (1000) of every beat',
            clients: 2,
            request: (signal) => sendCheaply(deepest, signal),
          },
          {
            name: 'CSV export of every beat',
            clients: 1,
            request: (signal) =>
              sendCheaply(
                `${base}/api/v1/components/export/?query=${encodeURIComponent(JSON.stringify({ 'tl.kind': 'BEAT' }))}`,
                signal,
              ),
          },
          {
            name: 'JAMS export of the big file',
            clients: 1,
            request: (signal) =>
              sendCheaply(`${base}/api/v1/files/${bigFileId}/export/jams`, signal),
            usesBigFile: true,
          },
          {
            name: 'upload of 10,000 timelines',
            clients: 1,
            request: uploadAgain(() => manyTimelinesTla(10_000)),
          },
          {
            name: 'upload with a level of 2^31',
            clients: 1,
            request: uploadAgain(hugeLevelTla),
          },
          {
            name: '50 wrong logins at once from 50 addresses',
            clients: 50,
            request: login('bench'),
          },
          { name: 'logins with a NUL in the username', clients: 2, request: login('be\u0000nch') },
          {
            name: '1,000 slow bodies from one address',
            clients: 0,
            request: null,
            hold: () => holdSlowBodies(new URL(base), 1_000),
          },
        ];
        const rows: AbuseRow[] = [];
        let unloaded = 0;
        for (const abuse of abuses) {
          const abusive = abuse.request !== null || abuse.hold !== undefined;
          if (abusive && options.only && !options.only.test(abuse.name)) continue;
          if (abuse.usesBigFile && bigFileId === 0) {
            const bigFile = await upload(base, token, big(), null);
            bigFileId = bigFile.id;
            log(
              `  ${options.database}: big file of ${options.bigComponents} components stored in ${Math.round(bigFile.ms)} ms`,
            );
            await settle(base, server.pid!);
          }
          const transactionsBefore = env.DATABASE_URL
            ? await databaseTransactions(env.DATABASE_URL)
            : 0;
          const rowStarted = performance.now();
          const cpu = sampleCpu(server.pid!);
          const abusing = abuse.request
            ? repeat(abuse.clients, abuse.request)
            : (abuse.hold?.() ?? null);
          const probe = probeHealth(base);
          const json = await wrkLoad(jsonUrl, {
            connections: 4,
            seconds: options.seconds,
            headers: { 'accept-encoding': 'gzip' },
          });
          const times = await probe.stop();
          const abuseStatuses = (await abusing?.stop()) ?? {};
          const cpuShares = cpu.stop();
          const transactions = env.DATABASE_URL
            ? ((await databaseTransactions(env.DATABASE_URL)) - transactionsBefore) /
              ((performance.now() - rowStarted) / 1000)
            : undefined;
          await settle(base, server.pid!);
          if (!abusive) unloaded = json.requestsPerSecond;
          const row: AbuseRow = {
            database: options.database,
            abuse: abuse.name,
            healthP50: round(percentile(times, 50)),
            healthP99: round(percentile(times, 99)),
            healthMax: round(Math.max(...times)),
            jsonRequestsPerSecond: round(json.requestsPerSecond),
            jsonShare:
              unloaded > 0 ? Math.round((json.requestsPerSecond / unloaded) * 100) / 100 : 0,
            abuseStatuses,
            cpu: cpuShares,
            ...(transactions === undefined
              ? {}
              : { databaseTransactionsPerSecond: Math.round(transactions) }),
          };
          rows.push(row);
          log(
            `  ${options.database}: ${abuse.name}: /health p50 ${row.healthP50} p99 ${row.healthP99} max ${row.healthMax} ms; ` +
              `files/{id}/json ${row.jsonRequestsPerSecond} req/s (${Math.round(row.jsonShare * 100)}%); ` +
              `abuse ${JSON.stringify(abuseStatuses)}; CPU % ${JSON.stringify(cpuShares)}` +
              (transactions === undefined ? '' : `; ${Math.round(transactions)} transactions/s`),
          );
        }
        return rows;
      } finally {
        server.kill();
        await new Promise((resolve) => server.once('exit', resolve));
      }
    },
  );
}
