import { gzipSync } from 'node:zlib';
import type { ViewerFileJson } from '../../src/shared/api-types';
import { encodePreparedPayload } from '../../src/shared/viewer-payload/prepared-payload';
import { exportChunks, type ExportJob } from '../../src/shared/exports/export-job';
import { peaksOfMedia, type PeaksResult } from './media-peaks';
import {
  buildStoredRows,
  readAnnotation,
  type AnnotationProblem,
  type AnnotationRead,
  type StoredFormsInput,
  type StoredStages,
} from '../files/ingest/stored-forms';
import {
  runTqlIndexTask,
  runTqlTask,
  type TqlIndexInput,
  type TqlTaskAnswer,
  type TqlTaskInput,
} from '../tql/tql-task';
import type { TqlIndexRows } from '../tql/tql-index';
import type { MessagePort } from 'node:worker_threads';
import { countOnPort } from './component-counting';
import { searchCsvLines, type SearchCsvInput } from '../search/search-csv-lines';

/**
 * The server's heavy work, as plain functions of plain data: each runs on a thread of the work
 * pool (work.worker.ts), or in process where no pool is wanted (tests, benchmarks).
 *
 * Byte arrays given to a task are handed over: on the pool, their memory moves to the thread and
 * the caller's arrays are left empty. A caller that still needs its bytes passes a copy made with
 * `new Uint8Array(bytes)` (a Buffer's own `slice` is a view of the same memory, not a copy).
 */
export interface WorkTasks {
  /** A .tla read for what it asks for (media, PDFs) and checked against the limits. */
  readAnnotation(input: {
    bytes: Uint8Array;
    fileName: string;
    maxComponents: number;
  }): Promise<AnnotationRead | AnnotationProblem>;
  /**
   * Everything a .tla is stored as: its rows first, then its views, built while the rows are
   * written. A caller that stops waiting for the views leaves no unhandled rejection.
   */
  storedForms(input: StoredFormsInput): StoredStages;
  /** A viewer JSON's prepared payload, gzipped. */
  preparedPayload(input: { json: Uint8Array }): Promise<Uint8Array>;
  /** A stored file's export (JAMS, Audacity, Sonic Visualiser, Web Annotation), in pieces. */
  exportFile(job: ExportJob): Promise<Uint8Array[]>;
  /** A stored recording's waveform peaks (src/shared/waveform/peaks.ts), decoded from its file. */
  mediaPeaks(input: { path: string; mimeType: string }): Promise<PeaksResult>;
  /**
   * An upload's components counted as its bytes come through `port` (component-counting.ts);
   * the count when they end or pass `maxComponents`.
   */
  countComponents(input: { port: MessagePort; maxComponents: number }): Promise<number>;
  /** A TQL query evaluated over the index rows of the files it may read. */
  tqlQuery(input: TqlTaskInput): Promise<TqlTaskAnswer>;
  /** A stored file's query index (the start-up backfill). */
  tqlIndex(input: TqlIndexInput): Promise<TqlIndexRows>;
  /** A batch of a components search's CSV export, as UTF-8 (search-csv-lines.ts). */
  searchCsv(input: SearchCsvInput): Promise<Uint8Array>;
}

/** Pieces of at least this size go back from a thread, rather than thousands of small ones. */
const EXPORT_PIECE_BYTES = 1024 * 1024;

function exportPieces(job: ExportJob): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let pending: Uint8Array[] = [];
  let size = 0;
  const flush = () => {
    if (size === 0) return;
    const piece = new Uint8Array(size);
    let at = 0;
    for (const part of pending) {
      piece.set(part, at);
      at += part.length;
    }
    pieces.push(piece);
    pending = [];
    size = 0;
  };
  for (const part of exportChunks(job)) {
    pending.push(part);
    size += part.length;
    if (size >= EXPORT_PIECE_BYTES) flush();
  }
  flush();
  return pieces;
}

/** Stages whose views may go unawaited (the rows failed, or their write did) without harm. */
export function settledStages(
  rows: StoredStages['rows'],
  views: StoredStages['views'],
): StoredStages {
  views.catch(() => {});
  return { rows, views };
}

export const inProcessTasks: WorkTasks = {
  readAnnotation: ({ bytes, fileName, maxComponents }) =>
    Promise.resolve(readAnnotation(bytes, fileName, maxComponents)),
  storedForms: (input) => {
    try {
      const built = buildStoredRows(input);
      return settledStages(
        built.rows,
        built.rows.then(() => built.views()),
      );
    } catch (error) {
      const failed = Promise.reject(error as Error);
      return settledStages(failed, failed);
    }
  },
  preparedPayload: ({ json }) => {
    const file = JSON.parse(new TextDecoder().decode(json)) as ViewerFileJson;
    return Promise.resolve(gzipSync(encodePreparedPayload(file), { level: 6 }));
  },
  exportFile: (job) => Promise.resolve(exportPieces(job)),
  mediaPeaks: ({ path, mimeType }) => peaksOfMedia(path, mimeType),
  countComponents: ({ port, maxComponents }) => countOnPort(port, maxComponents),
  tqlQuery: (input) => Promise.resolve(runTqlTask(input)),
  tqlIndex: (input) => Promise.resolve(runTqlIndexTask(input)),
  searchCsv: (input) => Promise.resolve(searchCsvLines(input)),
};
