import { gzipSync } from 'node:zlib';
import type { ViewerFileJson } from '../../src/shared/api-types';
import { encodePreparedPayload } from '../../src/shared/viewer-payload/prepared-payload';
import {
  buildStoredForms,
  readAnnotation,
  type AnnotationProblem,
  type AnnotationRead,
  type StoredForms,
  type StoredFormsInput,
} from '../files/ingest/stored-forms';

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
  /** Everything a .tla is stored as. */
  storedForms(input: StoredFormsInput): Promise<StoredForms>;
  /** A viewer JSON's prepared payload, gzipped. */
  preparedPayload(input: { json: Uint8Array }): Promise<Uint8Array>;
}

export const inProcessTasks: WorkTasks = {
  readAnnotation: ({ bytes, fileName, maxComponents }) =>
    Promise.resolve(readAnnotation(bytes, fileName, maxComponents)),
  storedForms: (input) => buildStoredForms(input),
  preparedPayload: ({ json }) => {
    const file = JSON.parse(new TextDecoder().decode(json)) as ViewerFileJson;
    return Promise.resolve(gzipSync(encodePreparedPayload(file), { level: 6 }));
  },
};
