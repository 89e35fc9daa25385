import { notFound } from '../../http-errors';
import { storeViewerPayload } from '../files.service';
import type { ViewerCache } from '../viewer-cache';
import type { UploadedFileJson } from '../../../src/shared/api-types';
import { pathFileName } from '../../../src/shared/tla/media-path';
import {
  findStoredMedia,
  resetPdfReferences,
  setPdfUrl,
  setRecording,
  type StoredMedia,
} from './file-media.repository';
import { deleteUnusedMediaObjects, mediaObjectAtPath, mediaShasOfFile } from './media.repository';
import { removeTempFiles, type ReceivedUpload } from './multipart-intake';
import { classifyFile, matchingKey, planMediaUpdate, type Asset } from './upload-plan';
import {
  assetPaths,
  placeAssets,
  recordAssets,
  rejectBatch,
  type UploadContext,
} from './upload.service';
import { ownedFile } from './user-files.service';

/**
 * A stored file's recording and score PDFs given after its upload (PUT files/{id}/media/), with
 * the checks of an upload: the names the .tla gives, the types their content shows, the size
 * limit of the intake. Stored whole or not at all, in one transaction that also rebuilds the
 * file's viewer payloads; a recording or PDF it replaces is removed once no file uses it.
 */

export type FileMediaContext = Omit<UploadContext, 'maxComponents' | 'tasks'> & {
  viewerCache: ViewerCache;
};

/** A PDF URL as the media object path it serves, or null for one not under MEDIA_BASE_URL. */
const pathUnderMediaBase = (mediaBaseUrl: string, url: string) =>
  url.startsWith(mediaBaseUrl) ? url.slice(mediaBaseUrl.length) : null;

/** The media and PDFs the file names that it still lacks, by name. */
function stillMissing(stored: StoredMedia, hasRecording: boolean): string[] {
  return [
    ...(stored.mediaName !== '' && !hasRecording ? [stored.mediaName] : []),
    ...new Set(
      stored.pdfTimelines
        .filter((t) => t.pdfPath.trim() !== '' && t.pdfUrl === '')
        .map((t) => pathFileName(t.pdfPath.trim())),
    ),
  ];
}

export async function storeFileMedia(
  context: FileMediaContext,
  fileId: number,
  userId: number,
  upload: ReceivedUpload,
): Promise<UploadedFileJson> {
  try {
    const { db } = context.database;
    await ownedFile(db, fileId, userId);
    const stored = await findStoredMedia(db, fileId);
    if (!stored) throw notFound();
    const names = {
      mediaName: stored.mediaName,
      pdfNames: [
        ...new Set(
          stored.pdfTimelines
            .filter((t) => t.pdfPath.trim() !== '')
            .map((t) => pathFileName(t.pdfPath.trim())),
        ),
      ],
    };
    const plan = planMediaUpdate(names, upload.files.map(classifyFile), stored.title);
    if (!plan.ok) throw rejectBatch(plan.problems);
    const { media, pdfs } = plan;

    const assets: Asset[] = [...(media ? [media] : []), ...new Set(pdfs.values())];
    const paths = await assetPaths(context.database, assets);
    const unusedPaths = await context.database.transaction(async (tx) => {
      const before = await mediaShasOfFile(tx.db, fileId);
      await recordAssets(tx, context.store, paths);
      if (media) {
        const kind = media.type.kind === 'video' ? 'video' : 'audio';
        await setRecording(tx.db, fileId, stored.concreteWorkId, {
          url: paths.get(media)!,
          type: kind,
          sha256: media.file.sha256,
        });
      }
      const shownPaths: string[] = [];
      for (const timeline of stored.pdfTimelines) {
        const pdf = pdfs.get(matchingKey(pathFileName(timeline.pdfPath.trim())));
        const url = pdf ? context.mediaBaseUrl + paths.get(pdf)! : timeline.pdfUrl;
        if (pdf) await setPdfUrl(tx.db, timeline.id, url);
        const path = url === '' ? null : pathUnderMediaBase(context.mediaBaseUrl, url);
        if (path !== null) shownPaths.push(path);
      }
      await resetPdfReferences(tx.db, fileId, shownPaths);
      const unused = await deleteUnusedMediaObjects(tx.db, before);
      await storeViewerPayload(tx.db, fileId);
      return unused;
    });
    context.viewerCache.forget(fileId);
    await placeAssets(context, paths);
    for (const path of unusedPaths) {
      await context.store.removeUnlessUsed(path, () => mediaObjectAtPath(db, path));
    }
    const hasRecording = media !== null || stored.storage === 'staticfiles';
    const after = await findStoredMedia(db, fileId);
    return {
      id: fileId,
      title: stored.title,
      not_included: after ? stillMissing(after, hasRecording) : [],
    };
  } finally {
    await removeTempFiles(upload.files.map((file) => file.tempPath));
  }
}
