import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

// `npm start` builds the client only when it is missing or older than its sources, so a second
// start is immediate.
const root = process.cwd();
const builtIndex = path.join(root, 'dist', 'index.html');

function newestChange(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['src', 'workers', 'public'].filter((dir) => existsSync(path.join(root, dir)));
const sourceTime = Math.max(
  statSync(path.join(root, 'index.html')).mtimeMs,
  ...sources.map((dir) => newestChange(path.join(root, dir))),
);

if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourceTime) {
  console.log('Building the client (dist/)...');
  await build({ root, logLevel: 'warn' });
}
