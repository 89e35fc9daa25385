import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { DATABASE_THREAD_NICE, openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { users } from '../server/db/schema';
import { referenceTla } from './reference-file';
import { benchToken } from './server-bench';

/**
 * POST upload/ of DESIGN.md section 7's reference file (a 3-hour recording: 43,200 beats, 2,000
 * hierarchy units in 5 levels, 6,000 markers, 10,000 harmonies, a 300-page PDF timeline; budget
 * <= 1.5 s on PGlite, <= 1 s on PostgreSQL), sent over HTTP to a listening server, on PGlite (in
 * a data directory, as the server keeps it) and on a PostgreSQL server; and a large
 * media file with it, to show that the server's memory does not grow with the upload's size.
 *
 *   npx tsx bench/upload-bench.ts [--runs N] [--media-mb N] [--postgres URL | --no-postgres]
 */

/** A multipart body streamed in chunks, so the bench process never holds a big media file. */
function multipartStream(
  parts: { name: string; bytes?: Buffer; zeroWavBytes?: number }[],
  boundary: string,
) {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const part of parts) {
        controller.enqueue(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
        );
        if (part.bytes) controller.enqueue(part.bytes);
        if (part.zeroWavBytes) {
          const header = Buffer.alloc(44);
          header.write('RIFF', 0, 'latin1');
          header.writeUInt32LE(36 + part.zeroWavBytes, 4);
          header.write('WAVEfmt ', 8, 'latin1');
          controller.enqueue(header);
          const chunk = Buffer.alloc(1024 * 1024);
          for (let sent = 0; sent < part.zeroWavBytes; sent += chunk.length)
            controller.enqueue(chunk);
        }
        controller.enqueue(Buffer.from('\r\n'));
      }
      controller.enqueue(Buffer.from(`--${boundary}--\r\n`));
      controller.close();
    },
  });
}

interface Result {
  database: string;
  what: string;
  runs: number;
  p50: number;
  max: number;
  rssGrowthMb?: number;
}

async function benchDatabase(
  label: string,
  database: Database,
  runs: number,
  mediaMb: number,
): Promise<Result[]> {
  await migrate(database);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tilia-upload-bench-'));
  const secret = 'upload-bench-secret-key-long-enough-for-hs256';
  const config = loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY: secret,
    LOG_LEVEL: 'silent',
    MAX_UPLOAD_MB: String(mediaMb + 64),
    CLIENT_DIR: dataDir,
  });
  // The bench's own work shares this event loop: it would look like load to be shed.
  const app = await buildApp({ config, database, shedLoad: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const [user] = await database.db
    .insert(users)
    .values({ username: 'bench', email: '', firstName: '', lastName: '', isActive: true })
    .returning({ id: users.id });
  const token = await benchToken(user!.id, secret, '1h');
  const tla = referenceTla();

  const send = async (parts: Parameters<typeof multipartStream>[0]) => {
    const boundary = `bench${Math.random().toString(16).slice(2)}`;
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/upload/`, {
      method: 'POST',
      body: multipartStream(parts, boundary),
      duplex: 'half',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    } as RequestInit);
    const body = await response.text();
    if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${body}`);
    return performance.now() - started;
  };
  const summary = (what: string, times: number[], extra: Partial<Result> = {}): Result => {
    const sorted = [...times].sort((a, b) => a - b);
    return {
      database: label,
      what,
      runs: times.length,
      p50: Math.round(sorted[Math.floor(sorted.length / 2)]!),
      max: Math.round(sorted.at(-1)!),
      ...extra,
    };
  };

  const results: Result[] = [];
  await send([{ name: 'reference.tla', bytes: tla }]); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await send([{ name: 'reference.tla', bytes: tla }]));
  results.push(
    summary(`reference .tla (${(tla.length / 1048576).toFixed(1)} MB, 61,750 components)`, times),
  );

  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 20);
  const mediaTime = await send([
    { name: 'reference.tla', bytes: tla },
    { name: 'reference.wav', zeroWavBytes: mediaMb * 1048576 },
  ]);
  clearInterval(sampler);
  results.push(
    summary(`reference .tla + ${mediaMb} MB WAV`, [mediaTime], {
      rssGrowthMb: Math.round((rssPeak - rssBefore) / 1048576),
    }),
  );

  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  return results;
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const runs = Number(option('--runs') ?? 5);
  const mediaMb = Number(option('--media-mb') ?? 256);
  const postgresUrl = args.includes('--no-postgres')
    ? null
    : (option('--postgres') ?? process.env.TEST_DATABASE_URL ?? null);

  const results: Result[] = [];
  // On disk, as the server keeps it: an in-memory PGlite grows its files by copying them whole.
  const pgliteDir = mkdtempSync(path.join(tmpdir(), 'tilia-upload-bench-db-'));
  const pglite = await openDatabase({
    kind: 'pglite',
    dataDir: pgliteDir,
    threadNice: DATABASE_THREAD_NICE,
  });
  try {
    results.push(...(await benchDatabase('pglite', pglite, runs, mediaMb)));
  } finally {
    await pglite.close();
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  if (postgresUrl) {
    const admin = await openDatabase({ kind: 'postgres', url: postgresUrl, poolSize: 1 });
    const name = `tilia_upload_bench_${process.pid}`;
    await admin.withConnection((run) => run(`CREATE DATABASE ${name}`));
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      results.push(...(await benchDatabase('postgres', database, runs, mediaMb)));
    } finally {
      await database.close();
      await admin.withConnection((run) => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await admin.close();
    }
  }
  console.table(results);
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'upload.json'),
    JSON.stringify({ budgetMs: { pglite: 1500, postgres: 1000 }, results }, null, 2) + '\n',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
