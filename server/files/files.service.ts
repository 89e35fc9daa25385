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
import { decodeTla } from '../ingest/tla-bytes';
import { NO_TITLE } from '../../src/shared/tla/work-fields';

const gzipAsync = promisify(gzip);

/** Who is asking: a user id, or null for a visitor. */
export type Viewer = number | null;

/** A private file does not exist for anyone but its owner: the same 404 as an unknown id. */
function canRead(file: FileAccessRow, viewer: Viewer): boolean {
  return file.isPublic || (viewer !== null && file.authorId === viewer);
}

async function readableFile(db: Db, fileId: number, viewer: Viewer) {
  const file = await findFileAccess(db, fileId);
  if (!file || !canRead(file, viewer)) throw notFound();
  return file;
}

/**
 * Assembles a stored file's viewer JSON from its rows, gzips it and keeps it: done once, when the
 * file is stored (or, for a file stored before payloads were kept, at its first request).
 * Work proportional to the file, on the thread pool where it can be (zlib).
 */
export async function storeViewerPayload(db: Db, fileId: number): Promise<Buffer> {
  const found = await findFileWorks(db, fileId);
  if (!found) throw notFound();
  const [timelines, components] = await Promise.all([
    findTimelines(db, fileId),
    findComponents(db, fileId),
  ]);
  const { concreteWork: cw, abstractWork: aw } = found;
  const json = Buffer.from(
    JSON.stringify(
      viewerJson({
        fileId,
        concreteWork: { ...concreteWorkJson(cw), media_name: cw.mediaName },
        abstractWork: { id: aw.id, title: aw.title, composer: aw.composer },
        timelines,
        components,
      }),
    ),
  );
  const jsonGzip = await gzipAsync(json, { level: 6 });
  await upsertViewerPayload(db, { fileId, jsonGzip, jsonBytes: json.length });
  return jsonGzip;
}

/** A readable file's viewer payload, as stored: one row read, however big the file. */
export async function viewerPayload(
  db: Db,
  cache: ViewerCache,
  fileId: number,
  viewer: Viewer,
): Promise<ViewerBody> {
  await readableFile(db, fileId, viewer);
  const cached = cache.get(fileId);
  if (cached !== undefined) return cached;
  const gzip = (await findViewerPayload(db, fileId)) ?? (await storeViewerPayload(db, fileId));
  const body: ViewerBody = { gzip };
  cache.set(fileId, body);
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
