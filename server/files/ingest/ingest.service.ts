import type { Database, Transaction } from '../../db/database';
import { TlaReadError } from '../../../src/shared/tla/tla-model';
import { inProcessTasks, type WorkTasks } from '../../work/work-tasks';
import {
  allocateIds,
  insertFileRows,
  insertViewerPayload,
  titleSortKey,
} from './ingest.repository';
import { COMPONENT_COLUMNS, type StoredStages } from './stored-forms';
import { TIMELINE_COLUMNS } from './timeline-rows';
import { writeTqlIndex } from '../../tql/tql-index.repository';

/**
 * A .tla into the database: its works, file, timelines and components, its viewer payloads and
 * its original bytes. The forms are built away from the event loop (the work pool's `tasks`) from
 * ids taken beforehand, and written in one transaction: the rows, then every component in one
 * COPY, while the pool builds the views (viewer payloads, query index) that follow them. A batch
 * of uploads shares one transaction, stored whole or not at all.
 */

export interface IngestRequest {
  bytes: Uint8Array;
  fileName: string;
  authorId: number;
  isPublic: boolean;
  /** Only the seed of the example analyses chooses its ids (135-155); uploads never do. */
  fixedId?: number;
  /** The media file uploaded with the .tla, relative to MEDIA_BASE_URL (storage 'staticfiles'). */
  mediaUrl?: string | null;
  /** The media's type from its content, for a recording the .tla does not name. */
  mediaType?: 'audio' | 'video' | null;
  /** The full URL of each PDF uploaded with it, by its name's matching key. */
  pdfUrls?: Record<string, string>;
}

export interface IngestedFile {
  id: number;
  title: string;
}

/** How many timelines and component rows the file has, and its title (readAnnotation). */
export interface IngestCounts {
  timelineCount: number;
  componentCount: number;
  title: string;
}

/**
 * Starts building what a file is stored as. The ids come from the tables' sequences now, outside
 * any transaction: a file that is then not stored only leaves a gap in them.
 */
export async function prepareIngest(
  database: Database,
  tasks: WorkTasks,
  request: IngestRequest,
  counts: IngestCounts,
): Promise<StoredStages> {
  const [ids, titleSort] = await Promise.all([
    allocateIds(database, counts, request.fixedId),
    titleSortKey(database.db, counts.title),
  ]);
  return tasks.storedForms({
    bytes: request.bytes,
    fileName: request.fileName,
    authorId: request.authorId,
    isPublic: request.isPublic,
    ids,
    mediaUrl: request.mediaUrl ?? null,
    mediaType: request.mediaType ?? null,
    pdfUrls: request.pdfUrls ?? {},
    titleSort,
  });
}

/**
 * Writes a prepared file, inside the caller's transaction: its rows, then its views once built.
 * Callers wait for the rows before they begin the transaction, so that it is never held open
 * while a file is read.
 */
export async function writeIngest(tx: Transaction, stages: StoredStages): Promise<IngestedFile> {
  const rows = await stages.rows;
  await insertFileRows(tx.db, rows);
  if (rows.timelineCount > 0) await tx.copyRows('timelines', TIMELINE_COLUMNS, rows.timelines);
  if (rows.componentCount > 0) {
    await tx.copyRows('components', COMPONENT_COLUMNS, rows.components);
  }
  const views = await stages.views;
  await insertViewerPayload(tx.db, rows.file.id!, views);
  await writeTqlIndex(tx, views.tql);
  return { id: rows.file.id!, title: rows.title };
}

/**
 * Reads, builds and stores one .tla in a transaction of its own (the seed, tests, benchmarks).
 * Throws TlaReadError for a broken file before anything is written.
 */
export async function ingestTla(
  database: Database,
  request: IngestRequest,
  tasks: WorkTasks = inProcessTasks,
): Promise<IngestedFile> {
  const read = await tasks.readAnnotation({
    bytes: new Uint8Array(request.bytes),
    fileName: request.fileName,
    maxComponents: Number.MAX_SAFE_INTEGER,
  });
  if (!read.ok) throw new TlaReadError(request.fileName, read.fault);
  const stages = await prepareIngest(database, tasks, request, read);
  await stages.rows;
  return database.transaction((tx) => writeIngest(tx, stages));
}
