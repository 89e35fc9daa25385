import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  abstractWorks,
  concreteWorks,
  files,
  mediaObjects,
  mediaReferences,
  timelines,
} from '../../db/schema';

/** What a stored file names and where its media are: what media given later are checked by. */
export interface StoredMedia {
  title: string;
  concreteWorkId: number;
  mediaName: string;
  storage: 'staticfiles' | 'youtube' | 'abstract';
  pdfTimelines: { id: number; pdfPath: string; pdfUrl: string }[];
}

export async function findStoredMedia(db: Db, fileId: number): Promise<StoredMedia | null> {
  const [work] = await db
    .select({
      title: abstractWorks.title,
      concreteWorkId: concreteWorks.id,
      mediaName: concreteWorks.mediaName,
      storage: concreteWorks.storage,
    })
    .from(files)
    .innerJoin(concreteWorks, eq(concreteWorks.id, files.concreteWorkId))
    .innerJoin(abstractWorks, eq(abstractWorks.id, concreteWorks.abstractWorkId))
    .where(eq(files.id, fileId));
  if (!work) return null;
  const pdfRows = await db
    .select({ id: timelines.id, pdfPath: timelines.pdfPath, pdfUrl: timelines.pdfUrl })
    .from(timelines)
    .where(and(eq(timelines.fileId, fileId), eq(timelines.kind, 'PDF_TIMELINE')))
    .orderBy(timelines.displayPosition);
  return {
    ...work,
    pdfTimelines: pdfRows.map((row) => ({
      id: row.id,
      pdfPath: row.pdfPath ?? '',
      pdfUrl: row.pdfUrl ?? '',
    })),
  };
}

/** The file's recording is now `url` (relative to MEDIA_BASE_URL), served by us. */
export async function setRecording(
  db: Db,
  fileId: number,
  concreteWorkId: number,
  recording: { url: string; type: 'audio' | 'video'; sha256: string },
): Promise<void> {
  await db
    .update(concreteWorks)
    .set({ url: recording.url, type: recording.type, storage: 'staticfiles' })
    .where(eq(concreteWorks.id, concreteWorkId));
  await db
    .delete(mediaReferences)
    .where(and(eq(mediaReferences.fileId, fileId), eq(mediaReferences.role, 'media')));
  await db
    .insert(mediaReferences)
    .values({ fileId, mediaSha256: recording.sha256, role: 'media' })
    .onConflictDoNothing();
}

export async function setPdfUrl(db: Db, timelineId: number, pdfUrl: string): Promise<void> {
  await db.update(timelines).set({ pdfUrl }).where(eq(timelines.id, timelineId));
}

/** The file's PDF references become the objects stored at `paths` (those its timelines show). */
export async function resetPdfReferences(db: Db, fileId: number, paths: string[]): Promise<void> {
  await db
    .delete(mediaReferences)
    .where(and(eq(mediaReferences.fileId, fileId), eq(mediaReferences.role, 'pdf')));
  if (paths.length === 0) return;
  const objects = await db
    .select({ sha256: mediaObjects.sha256 })
    .from(mediaObjects)
    .where(inArray(mediaObjects.path, paths));
  if (objects.length === 0) return;
  await db
    .insert(mediaReferences)
    .values(objects.map((object) => ({ fileId, mediaSha256: object.sha256, role: 'pdf' as const })))
    .onConflictDoNothing();
}
