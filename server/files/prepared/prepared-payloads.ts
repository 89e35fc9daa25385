import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { PREPARED_PAYLOAD_VERSION } from '../../../src/shared/viewer-payload/prepared-payload';
import {
  filesWithoutPreparedPayload,
  findPreparedPayload,
  findViewerPayload,
  updatePreparedPayload,
  type PreparedPayload,
} from '../files.repository';
import { workTasks } from '../../work/work-pool';

const gunzipAsync = promisify(gunzip);

/**
 * A viewer JSON's prepared payload, built on the work pool; null when it could not be built (the
 * viewer then opens the JSON, as it opens a local file).
 */
export async function preparedPayloadOf(
  json: Uint8Array,
  log?: FastifyBaseLogger,
): Promise<PreparedPayload | null> {
  try {
    const gzip = await workTasks().preparedPayload({ json: new Uint8Array(json) });
    return {
      gzip: Buffer.from(gzip.buffer, gzip.byteOffset, gzip.byteLength),
      version: PREPARED_PAYLOAD_VERSION,
    };
  } catch (error) {
    log?.warn({ err: error }, 'a prepared payload could not be built');
    return null;
  }
}

/**
 * A stored file's prepared payload, gzipped: as stored when it is of this version, else built
 * from the stored JSON and kept. Null when it cannot be built.
 */
export async function preparedPayload(
  db: Db,
  fileId: number,
  jsonGzip: Buffer,
  log?: FastifyBaseLogger,
): Promise<Buffer | null> {
  const stored = await findPreparedPayload(db, fileId, PREPARED_PAYLOAD_VERSION);
  return stored ?? buildPreparedPayload(db, fileId, jsonGzip, log);
}

/** Builds a stored file's prepared payload from its stored JSON and keeps it. */
async function buildPreparedPayload(
  db: Db,
  fileId: number,
  jsonGzip: Buffer,
  log?: FastifyBaseLogger,
): Promise<Buffer | null> {
  const prepared = await preparedPayloadOf(await gunzipAsync(jsonGzip), log);
  if (prepared) await updatePreparedPayload(db, fileId, prepared);
  return prepared?.gzip ?? null;
}

const FILES_PER_QUERY = 20;

/**
 * Builds the prepared payload of every stored file that lacks one of this version (stored before
 * payloads were kept, or by an older format), one file at a time, until done or `stopping()`.
 * Started after the server listens: a file asked for meanwhile gets its payload at its request.
 * `assemble` builds the whole viewer payload of a file stored without one.
 */
export async function buildMissingPreparedPayloads(
  db: Db,
  log: FastifyBaseLogger,
  assemble: (fileId: number) => Promise<unknown>,
  stopping: () => boolean,
): Promise<number> {
  let built = 0;
  let after = 0;
  for (;;) {
    const ids = await filesWithoutPreparedPayload(
      db,
      PREPARED_PAYLOAD_VERSION,
      after,
      FILES_PER_QUERY,
    );
    for (const fileId of ids) {
      if (stopping()) return built;
      after = fileId;
      const jsonGzip = await findViewerPayload(db, fileId);
      if (jsonGzip) await buildPreparedPayload(db, fileId, jsonGzip, log);
      else await assemble(fileId);
      built += 1;
    }
    if (ids.length < FILES_PER_QUERY) break;
  }
  if (built > 0) log.info(`built the prepared viewer payloads of ${built} stored files`);
  return built;
}
