import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { mediaObjects } from '../../db/schema';
import { ApiError } from '../../http-errors';
import { prepareIngest, writeIngest, type IngestCounts } from '../ingest/ingest.service';
import type { StoredStages } from '../ingest/stored-forms';
import type { WorkTasks } from '../../work/work-tasks';
import type { UploadedFileJson } from '../../../src/shared/api-types';
import { mediaObjectPath, type MediaStore } from './media-store';
import { insertMediaReference, recordMediaObject } from './media.repository';
import { removeTempFiles, type ReceivedFile, type ReceivedUpload } from './multipart-intake';
import {
  classifyFile,
  planUpload,
  type AnnotationRefs,
  type Asset,
  type FileProblem,
  type PlannedAnnotation,
} from './upload-plan';

export interface UploadContext {
  database: Database;
  log: FastifyBaseLogger;
  store: MediaStore;
  mediaBaseUrl: string;
  /** MAX_COMPONENTS: the most components one .tla may hold. */
  maxComponents: number;
  /** Where a .tla is read and its stored forms built: the work pool, off the event loop. */
  tasks: WorkTasks;
}

/** 415 when any file is of a type we do not take, else 400; the body names every bad file. */
export function rejectBatch(problems: FileProblem[]): ApiError {
  const status = problems.some((problem) => problem.unsupported) ? 415 : 400;
  const messages = problems.map((problem) => problem.message);
  return new ApiError(
    status,
    status === 415 ? { detail: 'Unsupported file type.', file: messages } : { file: messages },
  );
}

/** Reads one .tla (on the work pool) for what it refers to and how big it is. */
async function annotationRefs(
  context: UploadContext,
  file: ReceivedFile,
  counts: Map<ReceivedFile, IngestCounts>,
): Promise<AnnotationRefs | FileProblem> {
  const read = await context.tasks.readAnnotation({
    bytes: await readFile(file.tempPath),
    fileName: file.name,
    maxComponents: context.maxComponents,
  });
  if (!read.ok) return { message: read.message, unsupported: false };
  counts.set(file, read);
  return { file, mediaName: read.mediaName, pdfNames: read.pdfNames };
}

/**
 * Where each media or PDF file of the batch will be: the path of an object already stored with
 * the same content, else its content address.
 */
export async function assetPaths(database: Database, assets: Asset[]): Promise<Map<Asset, string>> {
  const shas = assets.map((asset) => asset.file.sha256);
  const stored =
    shas.length === 0
      ? []
      : await database.db
          .select({ sha256: mediaObjects.sha256, path: mediaObjects.path })
          .from(mediaObjects)
          .where(inArray(mediaObjects.sha256, shas));
  const existing = new Map(stored.map((row) => [row.sha256, row.path]));
  return new Map(
    assets.map((asset) => [
      asset,
      existing.get(asset.file.sha256) ?? mediaObjectPath(asset.file.sha256, asset.type.extension),
    ]),
  );
}

/** A recording's type as its content says (the .tla gives no name to tell it by). */
function recordingType(asset: Asset | null): 'audio' | 'video' | null {
  const kind = asset?.type.kind;
  return kind === 'audio' || kind === 'video' ? kind : null;
}

/**
 * Each planned .tla's stored forms, started on the work pool with the paths its media will have.
 * Resolves once every file's rows are built; their views may still be on the way.
 */
async function prepareAnnotations(
  context: UploadContext,
  authorId: number,
  isPublic: boolean,
  annotations: PlannedAnnotation[],
  paths: Map<Asset, string>,
  counts: Map<ReceivedFile, IngestCounts>,
): Promise<StoredStages[]> {
  const prepared: StoredStages[] = [];
  for (const annotation of annotations) {
    const pdfUrls: Record<string, string> = {};
    for (const [key, pdf] of annotation.pdfs) pdfUrls[key] = context.mediaBaseUrl + paths.get(pdf)!;
    prepared.push(
      await prepareIngest(
        context.database,
        context.tasks,
        {
          bytes: await readFile(annotation.file.tempPath),
          fileName: annotation.file.name,
          authorId,
          isPublic,
          // Relative to MEDIA_BASE_URL: clients prefix it, so the media can move to a CDN.
          mediaUrl: annotation.media ? paths.get(annotation.media)! : null,
          mediaType: annotation.unnamedMedia ? recordingType(annotation.media) : null,
          pdfUrls,
        },
        counts.get(annotation.file)!,
      ),
    );
  }
  await Promise.all(prepared.map((stages) => stages.rows));
  return prepared;
}

/**
 * Records the media objects of a batch inside its transaction, and readies their place on disk
 * (they move there once it has committed: placeAssets).
 */
export async function recordAssets(
  tx: Transaction,
  store: MediaStore,
  paths: Map<Asset, string>,
): Promise<void> {
  for (const [asset, path] of paths) {
    const { sha256, size } = asset.file;
    const recorded = await recordMediaObject(tx.db, {
      sha256,
      size,
      path,
      mimeType: asset.type.mimeType,
    });
    // Another upload stored the same content under another name since the paths were read:
    // the files built for this batch would point at the wrong path.
    if (recorded !== path) {
      throw new ApiError(503, {
        detail: 'The upload met another one. Nothing was stored; try again.',
      });
    }
    await store.prepare(path);
  }
}

/**
 * Moves a committed batch's media from their temporary files into place. The rows are
 * committed: a failed move is logged for the operator, not shown as a failed upload (retrying
 * would store the files twice).
 */
export async function placeAssets(
  context: Pick<UploadContext, 'store' | 'log'>,
  paths: Map<Asset, string>,
): Promise<void> {
  for (const [asset, path] of paths) {
    await context.store.place(asset.file.tempPath, path).catch((error: unknown) => {
      context.log.error({ err: error, path }, 'could not move uploaded media into place');
    });
  }
}

async function storeBatch(
  context: UploadContext,
  annotations: PlannedAnnotation[],
  prepared: StoredStages[],
  paths: Map<Asset, string>,
): Promise<UploadedFileJson[]> {
  return context.database.transaction(async (tx) => {
    await recordAssets(tx, context.store, paths);
    const stored: UploadedFileJson[] = [];
    for (const [index, annotation] of annotations.entries()) {
      const ingested = await writeIngest(tx, prepared[index]!);
      if (annotation.media) {
        await insertMediaReference(tx.db, {
          fileId: ingested.id,
          mediaSha256: annotation.media.file.sha256,
          role: 'media',
        });
      }
      for (const pdf of new Set(annotation.pdfs.values())) {
        await insertMediaReference(tx.db, {
          fileId: ingested.id,
          mediaSha256: pdf.file.sha256,
          role: 'pdf',
        });
      }
      stored.push({ id: ingested.id, title: ingested.title, not_included: annotation.notIncluded });
    }
    return stored;
  });
}

/**
 * Stores a received batch whole or not at all: every .tla is read and every media or PDF file
 * paired with the .tla that names it before anything is written; then one transaction stores
 * them; media move to their content address only once it has committed. Whatever happens, no
 * temporary file outlives the request.
 */
export async function storeUpload(
  context: UploadContext,
  authorId: number,
  upload: ReceivedUpload,
): Promise<UploadedFileJson[]> {
  try {
    const problems: FileProblem[] = [];
    const refs: AnnotationRefs[] = [];
    const assets: Asset[] = [];
    const counts = new Map<ReceivedFile, IngestCounts>();
    for (const file of upload.files) {
      const classified = classifyFile(file);
      if (classified.kind === 'problem') problems.push(classified.problem);
      else if (classified.kind === 'asset') assets.push(classified);
      else {
        const found = await annotationRefs(context, file, counts);
        if ('file' in found) refs.push(found);
        else problems.push(found);
      }
    }
    if (problems.length > 0) throw rejectBatch(problems);
    const plan = planUpload(refs, assets);
    if (!plan.ok) throw rejectBatch(plan.problems);

    const paths = await assetPaths(context.database, plan.assets);
    const prepared = await prepareAnnotations(
      context,
      authorId,
      upload.isPublic,
      plan.annotations,
      paths,
      counts,
    );
    const stored = await storeBatch(context, plan.annotations, prepared, paths);
    await placeAssets(context, paths);
    return stored;
  } finally {
    await removeTempFiles(upload.files.map((file) => file.tempPath));
  }
}
