import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { ApiError } from '../../http-errors';
import { documentLimitFault } from '../ingest/document-limits';
import { ingestTla } from '../ingest/ingest.service';
import type { StepAside } from '../ingest/ingest.repository';
import { localMediaName, pathFileName } from '../../../src/shared/tla/media-path';
import { readTla } from '../../../src/shared/tla/tla-reader';
import { TlaReadError, type TlaDocument } from '../../../src/shared/tla/tla-model';
import type { UploadedFileJson } from '../../../src/shared/api-types';
import { mediaObjectPath, type MediaStore } from './media-store';
import { insertMediaReference, recordMediaObject } from './media.repository';
import { removeTempFiles, type ReceivedFile, type ReceivedUpload } from './multipart-intake';
import {
  classifyFile,
  matchingKey,
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
  /** Between statements of a big file's components, while others wait (PostgreSQL only). */
  stepAside?: StepAside;
}

/** 415 when any file is of a type we do not take, else 400; the body names every bad file. */
function rejectBatch(problems: FileProblem[]): ApiError {
  const status = problems.some((problem) => problem.unsupported) ? 415 : 400;
  const messages = problems.map((problem) => problem.message);
  return new ApiError(
    status,
    status === 415 ? { detail: 'Unsupported file type.', file: messages } : { file: messages },
  );
}

/** A .tla read and parsed once, before the transaction, and stored from these in it. */
interface ReadAnnotation {
  bytes: Uint8Array;
  document: TlaDocument;
}

/** Reads one .tla for what it refers to, keeping what was read for ingestion. */
async function annotationRefs(
  file: ReceivedFile,
  read: Map<ReceivedFile, ReadAnnotation>,
  maxComponents: number,
): Promise<AnnotationRefs | FileProblem> {
  try {
    const bytes = await readFile(file.tempPath);
    const document = readTla(bytes, file.name);
    const fault = documentLimitFault(document, maxComponents);
    if (fault !== null) return { message: `'${file.name}': ${fault}`, unsupported: false };
    read.set(file, { bytes, document });
    return {
      file,
      mediaName: localMediaName(document.mediaPath) || null,
      pdfNames: document.timelines.flatMap((timeline) =>
        timeline.kind === 'PDF_TIMELINE' && timeline.path.trim() !== ''
          ? [pathFileName(timeline.path.trim())]
          : [],
      ),
    };
  } catch (error) {
    if (error instanceof TlaReadError) return { message: error.message, unsupported: false };
    throw error;
  }
}

async function storeBatch(
  context: UploadContext,
  authorId: number,
  isPublic: boolean,
  annotations: PlannedAnnotation[],
  assets: Asset[],
  read: Map<ReceivedFile, ReadAnnotation>,
): Promise<{ stored: UploadedFileJson[]; paths: Map<Asset, string> }> {
  return context.database.db.transaction(async (tx) => {
    const paths = new Map<Asset, string>();
    for (const asset of assets) {
      const { sha256, size } = asset.file;
      const path = await recordMediaObject(tx, {
        sha256,
        size,
        path: mediaObjectPath(sha256, asset.type.extension),
        mimeType: asset.type.mimeType,
      });
      paths.set(asset, path);
      await context.store.prepare(path);
    }
    const stored: UploadedFileJson[] = [];
    for (const annotation of annotations) {
      const media = annotation.media;
      const { bytes, document } = read.get(annotation.file)!;
      const ingested = await ingestTla(tx, {
        bytes,
        document,
        fileName: annotation.file.name,
        authorId,
        isPublic,
        stepAside: context.stepAside,
        // Relative to MEDIA_BASE_URL: clients prefix it, so the media can move to a CDN.
        mediaUrl: media ? paths.get(media)! : null,
        pdfUrlFor: (pdfPath) => {
          const pdf = annotation.pdfs.get(matchingKey(pathFileName(pdfPath.trim())));
          return pdf ? context.mediaBaseUrl + paths.get(pdf)! : null;
        },
      });
      if (media) {
        await insertMediaReference(tx, {
          fileId: ingested.id,
          mediaSha256: media.file.sha256,
          role: 'media',
        });
      }
      for (const pdf of new Set(annotation.pdfs.values())) {
        await insertMediaReference(tx, {
          fileId: ingested.id,
          mediaSha256: pdf.file.sha256,
          role: 'pdf',
        });
      }
      stored.push({
        id: ingested.id,
        title: ingested.title,
        not_included: annotation.notIncluded,
      });
    }
    return { stored, paths };
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
    const read = new Map<ReceivedFile, ReadAnnotation>();
    for (const file of upload.files) {
      const classified = classifyFile(file);
      if (classified.kind === 'problem') problems.push(classified.problem);
      else if (classified.kind === 'asset') assets.push(classified);
      else {
        const found = await annotationRefs(file, read, context.maxComponents);
        if ('file' in found) refs.push(found);
        else problems.push(found);
      }
    }
    if (problems.length > 0) throw rejectBatch(problems);
    const plan = planUpload(refs, assets);
    if (!plan.ok) throw rejectBatch(plan.problems);

    const { stored, paths } = await storeBatch(
      context,
      authorId,
      upload.isPublic,
      plan.annotations,
      plan.assets,
      read,
    );
    for (const [asset, path] of paths) {
      // The rows are committed: a failed move is logged for the operator, not shown as a failed
      // upload (retrying would store the files twice).
      await context.store.place(asset.file.tempPath, path).catch((error: unknown) => {
        context.log.error({ err: error, path }, 'could not move uploaded media into place');
      });
    }
    return stored;
  } finally {
    await removeTempFiles(upload.files.map((file) => file.tempPath));
  }
}
