import { fileURLToPath } from 'node:url';

/**
 * Files the server reads beside its code: the migrations, the common-password list and the sources
 * of the example analyses. They stay in server/ rather than being copied into the build: the
 * TypeScript sources (server/*.ts, under tsx) and the compiled server (dist-server/server.js)
 * both sit one folder below the project root, so the same relative URL finds them from either.
 */
const serverFolder = new URL('../server/', import.meta.url);

/** `relative` is a path under server/, with a trailing slash for a folder. */
export function serverFileUrl(relative: string): URL {
  return new URL(relative, serverFolder);
}

export function serverFilePath(relative: string): string {
  return fileURLToPath(serverFileUrl(relative));
}
