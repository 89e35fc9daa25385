// @ts-check
/**
 * Builds what `npm start` runs: the client into dist/ (Vite) and the server into
 * dist-server/server.js (esbuild: the server and src/shared in one ES module, the packages left to
 * node_modules), so production runs plain `node` and the TypeScript loader is for development.
 *
 *   node server/tools/build.js [client] [server] [--if-stale]
 *
 * With no part named it builds both. `--if-stale` (npm start) builds a part only when its output
 * is missing or older than its sources, so a second start is immediate. Plain JavaScript, so that
 * it runs before anything is compiled.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * @typedef {object} Part
 * @property {string} output the file whose age says when the part was last built
 * @property {string[]} sources files and folders it is built from
 * @property {() => Promise<unknown>} build
 */

/** @type {Record<'client' | 'server', Part>} */
const parts = {
  client: {
    output: 'dist/index.html',
    sources: ['index.html', 'vite.config.ts', 'src', 'workers', 'public'],
    build: () => viteBuild({ root, logLevel: 'warn' }),
  },
  server: {
    // server-files.ts finds the migrations and seed data in server/ from one folder below the
    // root, where both server/server.ts and this output sit. PGlite's thread and the work pool's
    // threads are entries of their own, beside server.js, where pglite-proxy.ts and work-pool.ts
    // look for them once compiled; so are the backup and restore commands.
    output: 'dist-server/server.js',
    sources: ['server', 'src/shared'],
    build: () =>
      esbuild({
        absWorkingDir: root,
        entryPoints: {
          server: 'server/server.ts',
          'pglite.worker': 'server/db/pglite.worker.ts',
          'work.worker': 'server/work/work.worker.ts',
          backup: 'server/tools/backup.ts',
          restore: 'server/tools/restore.ts',
        },
        outdir: 'dist-server',
        bundle: true,
        packages: 'external',
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: true,
        logLevel: 'warning',
      }),
  },
};

/** @param {string} entry a file or folder under the root */
function newestChange(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(full)) {
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

/** @param {Part} part */
function isStale(part) {
  const output = path.join(root, part.output);
  if (!existsSync(output)) return true;
  const builtAt = statSync(output).mtimeMs;
  return part.sources.some((source) => newestChange(source) > builtAt);
}

const args = process.argv.slice(2);
const ifStale = args.includes('--if-stale');
const named = /** @type {(keyof typeof parts)[]} */ (
  args.filter((arg) => arg === 'client' || arg === 'server')
);
const unknown = args.filter((arg) => arg !== '--if-stale' && arg !== 'client' && arg !== 'server');
if (unknown.length > 0) {
  console.error(`usage: node server/tools/build.js [client] [server] [--if-stale]`);
  process.exit(2);
}

for (const name of named.length > 0 ? named : /** @type {const} */ (['client', 'server'])) {
  const part = parts[name];
  if (ifStale && !isStale(part)) continue;
  console.log(`Building the ${name} (${path.dirname(part.output)}/)...`);
  await part.build();
}
