import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { openDatabase, type Database } from '../server/db/database';
import { prepareDatabase } from '../server/db/prepare';
import { users } from '../server/db/schema';
import { spawnBenchServer } from './bench-server';
import { percentile } from './percentile';
import { referenceTla, silentWav } from './reference-file';
import { COMPONENTS_PER_FILE, loadSearchCorpus } from './search-data';
import { wrkAvailable, wrkLoad, type HttpLoad } from './wrk-load';

/**
 * The server as clients see it, over HTTP on 127.0.0.1 (DESIGN.md section 7): the time to upload
 * the reference file (.tla + its WAV), `files/{id}/json` of it under autocannon (requests/s,
 * p50/p99, errors), `files/query/` and `components/query/` over a stored corpus, and the server's
 * memory after the run. The server is a child process (`server/server.ts`), so autocannon never
 * shares its event loop; its database is prepared before it starts: a fresh PGlite directory, or
 * a PostgreSQL database of its own that is dropped afterwards.
 */

export interface ServerBenchOptions {
  database: 'pglite' | 'postgres';
  /** Admin URL of a PostgreSQL server (for database 'postgres'). */
  postgresUrl?: string | null;
  /** Components stored before the queries (files of COMPONENTS_PER_FILE). */
  components: number;
  /** Minutes of the reference recording. */
  minutes: number;
  uploads: number;
  /** Seconds of autocannon load on files/{id}/json. */
  jsonSeconds: number;
  /** Requests per (query, page). */
  queryRuns: number;
  port: number;
  log?: (line: string) => void;
}

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface JsonLoad {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface ServerBenchResult {
  database: 'pglite' | 'postgres';
  components: number;
  uploadMs: number[];
  json: JsonLoad & {
    bytes: number;
    gzipBytes: number;
    gzip: JsonLoad;
    /** The load generator: wrk when installed, else autocannon (client-bound, see wrk-load.ts). */
    client: 'wrk' | 'autocannon';
  };
  componentsQuery: Latency & {
    requests: number;
    errors: number;
    slowest: { what: string; p50: number }[];
  };
  filesQuery: Latency & { requests: number; errors: number };
  serverRssMb: number;
}

const SECRET = 'server-bench-secret-key-long-enough-for-hs256';

const componentQueries = [
  { 'tl.kind': 'HIERARCHY', cmp: { label: 'development' } },
  { 'tl.kind': 'HIERARCHY', file: { composer: 'mozart' } },
  { 'tl.kind': 'MARKER', cmp: { label: 'PAC' } },
  { 'tl.kind': 'MARKER', file: { performer: 'uchida' } },
  { 'tl.kind': 'BEAT', cmp: { time: '10-20' } },
  { 'tl.kind': 'BEAT' },
];
const componentSorts = ['title', 'time', 'label', 'start', 'composer'];
const fileQueries = [{ title: 'sonata' }, { composer: 'beethoven' }, {}];
const PAGES = [1, 2, 10, 50];

const round = (value: number) => Math.round(value * 100) / 100;

function latency(values: number[]): Latency {
  return {
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    p99: round(percentile(values, 99)),
    max: round(Math.max(...values)),
  };
}

/** The sort keys a kind accepts among the ones the bench uses (docs/search.md). */
function sortsFor(kind: string): string[] {
  if (kind === 'BEAT') return ['title', 'time'];
  if (kind === 'MARKER') return componentSorts.filter((sort) => sort !== 'start');
  return componentSorts.filter((sort) => sort !== 'time');
}

export async function prepare(database: Database, components: number): Promise<number> {
  await prepareDatabase(database);
  const [user] = await database.db
    .insert(users)
    .values({ username: 'bench', email: '', firstName: '', lastName: '', isActive: true })
    .returning({ id: users.id });
  if (components > 0) {
    await loadSearchCorpus(database, Math.ceil(components / COMPONENTS_PER_FILE));
  }
  return user!.id;
}

/** server/server.ts as a child process on `port`, once /health answers. */
export function startBenchServer(port: number, env: Record<string, string>) {
  return spawnBenchServer(port, { SECRET_KEY: SECRET, MAX_UPLOAD_MB: '512', ...env }, 180_000);
}

function rssMb(server: ChildProcess): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

/** An access token of the bench's user, signed with the bench server's key unless told another. */
export function benchToken(userId: number, secret = SECRET, lifetime = '2h'): Promise<string> {
  return new SignJWT({
    token_type: 'access',
    user_id: userId,
    username: 'bench',
    jti: crypto.randomUUID(),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(lifetime)
    .sign(new TextEncoder().encode(secret));
}

/** Uploads a public .tla (with its WAV, when given); the stored file's id and the time taken. */
export async function upload(base: string, token: string, tla: Buffer, wav: Buffer | null) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(tla)]), 'reference.tla');
  if (wav) form.append('file', new Blob([new Uint8Array(wav)]), 'reference.wav');
  form.append('is_public', 'true');
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/upload/`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${body}`);
  const stored = JSON.parse(body) as { id: number }[] | { files: { id: number }[] };
  const id = Array.isArray(stored) ? stored[0]!.id : stored.files[0]!.id;
  return { ms, id };
}

/** What a query URL asks, for the report: its query, sort and page. */
function describeQuery(url: string): string {
  const params = new URL(url).searchParams;
  return `${params.get('query')} by ${params.get('order_by')} page ${params.get('page')}`;
}

/**
 * Sequential requests (one connection), each latency recorded, so p95 is exact; and the
 * slowest URLs by their median, which say where a p95 over budget comes from.
 */
async function timedRequests(urls: string[], runs: number) {
  const times: number[] = [];
  const byUrl: { what: string; p50: number }[] = [];
  let errors = 0;
  for (const url of urls) {
    const own: number[] = [];
    for (let run = 0; run <= runs; run += 1) {
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      if (run > 0) own.push(performance.now() - started);
      if (!response.ok) errors += 1;
    }
    times.push(...own);
    byUrl.push({ what: describeQuery(url), p50: round(percentile(own, 50)) });
  }
  const slowest = byUrl.sort((a, b) => b.p50 - a.p50).slice(0, 5);
  return { ...latency(times), requests: times.length, errors, slowest };
}

export function queryUrl(
  base: string,
  route: 'files' | 'components',
  query: object,
  sort: string,
  page: number,
) {
  const params = new URLSearchParams({
    query: JSON.stringify(query),
    order_by: JSON.stringify(sort),
    page: String(page),
  });
  return `${base}/api/v1/${route}/query/?${params.toString()}`;
}

async function measure(
  options: ServerBenchOptions,
  userId: number,
  env: Record<string, string>,
): Promise<ServerBenchResult> {
  const log = options.log ?? console.log;
  const server = await startBenchServer(options.port, env);
  const base = `http://127.0.0.1:${options.port}`;
  try {
    const token = await benchToken(userId);
    const tla = referenceTla(options.minutes);
    // The WAV the .tla names, 30 s long: the full 3 hours (86 MB at 8 kHz) would time the copying
    // of media, which upload-bench.ts measures on its own (its memory stays flat).
    const wav = silentWav(30);
    const uploadMs: number[] = [];
    let fileId = 0;
    // One warm-up upload (JIT, first statements planned), then the timed ones.
    for (let i = 0; i <= options.uploads; i += 1) {
      const { ms, id } = await upload(base, token, tla, wav);
      if (i > 0) uploadMs.push(Math.round(ms));
      fileId = id;
    }
    log(`  ${options.database}: upload ${uploadMs.join(', ')} ms`);

    const jsonUrl = `${base}/api/v1/files/${fileId}/json`;
    const bytes = (await (await fetch(jsonUrl)).arrayBuffer()).byteLength;
    // As a script would ask (no compression), then as a browser does (Accept-Encoding: gzip).
    const client: ServerBenchResult['json']['client'] = wrkAvailable() ? 'wrk' : 'autocannon';
    const load = async (headers: Record<string, string>): Promise<HttpLoad> => {
      if (client === 'wrk') {
        return await wrkLoad(jsonUrl, { connections: 4, seconds: options.jsonSeconds, headers });
      }
      const cannon = await autocannon({
        url: jsonUrl,
        connections: 4,
        duration: options.jsonSeconds,
        headers,
      });
      return {
        requestsPerSecond: round(cannon.requests.average),
        p50: cannon.latency.p50,
        p99: cannon.latency.p99,
        errors: cannon.errors + cannon.non2xx + cannon.timeouts,
        bytesPerRequest:
          cannon.requests.total > 0 ? cannon.throughput.total / cannon.requests.total : 0,
      };
    };
    const { bytesPerRequest: _plain, ...identity } = await load({});
    const { bytesPerRequest: gzipBytes, ...gzip } = await load({ 'accept-encoding': 'gzip' });
    const json = { ...identity, bytes, gzipBytes: Math.round(gzipBytes), gzip, client };
    log(
      `  ${options.database}: files/{id}/json ${json.requestsPerSecond} requests/s, gzip ${gzip.requestsPerSecond} requests/s (${client})`,
    );

    const componentUrls = componentQueries.flatMap((query) =>
      sortsFor(query['tl.kind']).flatMap((sort) =>
        PAGES.map((page) => queryUrl(base, 'components', query, sort, page)),
      ),
    );
    const componentsQuery = await timedRequests(componentUrls, options.queryRuns);
    const fileUrls = fileQueries.flatMap((query) =>
      ['title', 'composer', 'performer'].flatMap((sort) =>
        PAGES.map((page) => queryUrl(base, 'files', query, sort, page)),
      ),
    );
    const filesQuery = await timedRequests(fileUrls, options.queryRuns);
    log(
      `  ${options.database}: components/query p95 ${componentsQuery.p95} ms, files/query p95 ${filesQuery.p95} ms`,
    );
    for (const { what, p50 } of componentsQuery.slowest) {
      log(`    slowest components/query: ${p50} ms  ${what}`);
    }
    return {
      database: options.database,
      components: options.components,
      uploadMs,
      json,
      componentsQuery,
      filesQuery,
      serverRssMb: rssMb(server),
    };
  } finally {
    server.kill();
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

export async function runServerBench(options: ServerBenchOptions): Promise<ServerBenchResult> {
  return withBenchDatabase(
    options.database,
    options.postgresUrl ?? null,
    'server',
    (database) => prepare(database, options.components),
    (userId, env) => measure(options, userId, env),
  );
}

/**
 * Runs `work` against a server database prepared by `prepare` (which returns a user id): a fresh
 * PGlite directory, or a PostgreSQL database of its own, dropped afterwards. `work` gets the
 * environment that points server/server.ts at it.
 */
export async function withBenchDatabase<T>(
  kind: 'pglite' | 'postgres',
  adminUrl: string | null,
  label: string,
  prepare: (database: Database) => Promise<number>,
  work: (userId: number, env: Record<string, string>) => Promise<T>,
): Promise<T> {
  const folder = mkdtempSync(path.join(tmpdir(), `tilia-${label}-bench-`));
  try {
    if (kind === 'pglite') {
      // The same directory server/server.ts opens for DATA_DIR.
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(folder, 'pglite') });
      const userId = await prepare(database).finally(() => database.close());
      return await work(userId, { DATA_DIR: folder, CLIENT_DIR: folder });
    }
    if (!adminUrl) throw new Error(`a PostgreSQL URL is required for the ${label} bench`);
    const name = `tilia_${label}_bench_${process.pid}`;
    const admin = await openDatabase({ kind: 'postgres', url: adminUrl, poolSize: 1 });
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      await admin.withConnection((run) => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await admin.withConnection((run) => run(`CREATE DATABASE ${name}`));
      const database = await openDatabase({ kind: 'postgres', url: url.toString() });
      const userId = await prepare(database).finally(() => database.close());
      return await work(userId, {
        DATA_DIR: folder,
        CLIENT_DIR: folder,
        DATABASE_URL: url.toString(),
      });
    } finally {
      await admin.withConnection((run) => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await admin.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
