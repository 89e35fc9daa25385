import { setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Starts one of the server's worker threads, `name` beside the module at `moduleUrl`. Compiled,
 * each thread is an entry of its own beside server.js (server/tools/build.js emits
 * `<name>.js`); from the sources (tsx, vitest), node loads the thread's TypeScript only through
 * tsx's loader, which the thread registers first.
 */
export function startWorkerThread(moduleUrl: string, name: string, workerData: unknown): Worker {
  if (!moduleUrl.endsWith('.ts'))
    return new Worker(new URL(`./${name}.js`, moduleUrl), { workerData });
  const source = new URL(`./${name}.ts`, moduleUrl).href;
  return new Worker(
    `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => {
       register();
       return import(${JSON.stringify(source)});
     })`,
    { eval: true, workerData },
  );
}

/**
 * Lowers the calling thread's priority to `nice` (Linux keeps a nice value per thread), from
 * inside a worker thread: its work then yields the cores to the server's requests.
 */
export function lowerThreadPriority(nice: number): void {
  if (nice === 0) return;
  try {
    setPriority(nice);
  } catch {
    // Not allowed on this platform: the thread runs at the process's priority.
  }
}
