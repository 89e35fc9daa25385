import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Db } from '../db/database';
import { notFound } from '../http-errors';
import {
  findComponents,
  findFileAccess,
  findFileWorks,
  findStoredTla,
  findTimelines,
  findViewerPayload,
  upsertViewerPayload,
  type FileAccessRow,
} from './files.repository';
import type { ViewerBody, ViewerCache } from './viewer-cache';
import { viewerJson } from './viewer-json';
import { concreteWorkJson } from './works-json';
import { decodeTla } from './ingest/tla-bytes';
import { NO_TITLE } from '../../src/shared/tla/work-fields';
import { eventLoopTurn } from '../db/event-loop-turn';
import type { ViewerFileJson } from '../../src/shared/api-types';
import { preparedPayloadOf } from './prepared/prepared-payloads';

const gzipAsync = promisify(gzip);

/** Who is asking: a user id, or null for a visitor. */
export type Viewer = number | null;

/** A private file does not exist for anyone but its owner: the same 404 as an unknown id. */
function canRead(file: FileAccessRow, viewer: Viewer): boolean {
  return file.isPublic || (viewer !== null && file.authorId === viewer);
}

export async function readableFile(db: Db, fileId: number, viewer: Viewer) {
  const file = await findFileAccess(db, fileId);
  if (!file || !canRead(file, viewer)) throw notFound();
  return file;
}

/**
 * Assembles a stored file's viewer JSON from its rows and keeps it: for a file stored before
 * payloads were kept, at its first request (an upload builds it with the file's other stored forms:
 * ingest/stored-forms.ts).
 */
export async function storeViewerPayload(db: Db, fileId: number): Promise<Buffer> {
  const found = await findFileWorks(db, fileId);
  if (!found) throw notFound();
  const [timelines, components] = await Promise.all([
    findTimelines(db, fileId),
    findComponents(db, fileId),
  ]);
  const { concreteWork: cw, abstractWork: aw } = found;
  const json = viewerJson({
    fileId,
    concreteWork: { ...concreteWorkJson(cw), media_name: cw.mediaName },
    abstractWork: { id: aw.id, title: aw.title, composer: aw.composer },
    fileName: found.fileName,
    metadata: found.metadata,
    timelines,
    components,
  });
  return keepPayload(db, fileId, json);
}

/**
 * Stores the file's viewer payloads: the JSON gzipped (on the thread pool), and the prepared
 * payload the viewer opens (on the payloads' thread), both built once, here.
 */
async function keepPayload(db: Db, fileId: number, json: ViewerFileJson): Promise<Buffer> {
  const bytes = Buffer.from(await stringifyInSlices(json));
  const [jsonGzip, prepared] = await Promise.all([
    gzipAsync(bytes, { level: 6 }),
    preparedPayloadOf(bytes),
  ]);
  await upsertViewerPayload(db, { fileId, jsonGzip, jsonBytes: bytes.length, prepared });
  return jsonGzip;
}

/** Components stringified between two turns of the event loop. */
const COMPONENTS_PER_SLICE = 5_000;

/**
 * JSON.stringify of the viewer JSON, a slice of components at a time with a turn of the event
 * loop between slices: a file of half a million components would otherwise hold the process for
 * a second. The same JSON as JSON.stringify gives, with each timeline's components last.
 */
export async function stringifyInSlices(json: ViewerFileJson): Promise<string> {
  const { timelines, ...file } = json;
  const parts = [JSON.stringify(file).slice(0, -1), ',"timelines":['];
  for (const [index, timeline] of timelines.entries()) {
    const { components, ...fields } = timeline;
    parts.push(index > 0 ? ',' : '', JSON.stringify(fields).slice(0, -1), ',"components":[');
    for (let start = 0; start < components.length; start += COMPONENTS_PER_SLICE) {
      if (start > 0) {
        parts.push(',');
        await eventLoopTurn();
      }
      parts.push(
        JSON.stringify(components.slice(start, start + COMPONENTS_PER_SLICE)).slice(1, -1),
      );
    }
    parts.push(']}');
  }
  parts.push(']}');
  return parts.join('');
}

/**
 * A readable file's viewer payload, as stored: one row read, however big the file; none at all
 * for a file in the cache while the cache may trust who may read it.
 */
export async function viewerPayload(
  db: Db,
  cache: ViewerCache,
  fileId: number,
  viewer: Viewer,
): Promise<ViewerBody> {
  const cached = cache.get(fileId);
  const kept = cached && cache.access(cached);
  if (cached && kept) {
    if (!canRead({ id: fileId, ...kept }, viewer)) throw notFound();
    return cached;
  }
  const generation = cache.generation;
  const access = await readableFile(db, fileId, viewer);
  if (cached !== undefined) {
    cache.set(fileId, cached, access, generation);
    return cached;
  }
  const gzip = (await findViewerPayload(db, fileId)) ?? (await storeViewerPayload(db, fileId));
  const body: ViewerBody = { gzip };
  cache.set(fileId, body, access, generation);
  return body;
}

/**
 * The name a download is saved under: the work title, or the uploaded file's own name when the
 * file has no title; `.tla`, or `.json` for a JSON export uploaded as one (it is not a .tla).
 */
export function downloadName(stored: {
  title: string;
  originalName: string;
  format: 'tla' | 'export';
}): { fileName: string; mediaType: string } {
  const extension = /\.(tla|json)$/i.exec(stored.originalName);
  const json = stored.format === 'export' && extension?.[1]?.toLowerCase() === 'json';
  const uploadedStem = extension
    ? stored.originalName.slice(0, extension.index)
    : stored.originalName;
  const stem = stored.title === NO_TITLE && uploadedStem.trim() ? uploadedStem : stored.title;
  return json
    ? { fileName: `${stem}.json`, mediaType: 'application/json' }
    : { fileName: `${stem}.tla`, mediaType: 'application/octet-stream' };
}

/** The original upload, byte for byte, and the name and media type to save it under. */
export async function tlaDownload(db: Db, fileId: number, viewer: Viewer) {
  await readableFile(db, fileId, viewer);
  const found = await findStoredTla(db, fileId);
  if (!found) throw notFound();
  const bytes = await decodeTla(found.tla, found.tlaEncoding);
  return { bytes, ...downloadName(found) };
}
