import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { byteaValue } from '../../db/bytea';
import { mediaObjects, mediaPeaks, mediaReferences } from '../../db/schema';

/** A recording's peaks as stored: the bytes, or the note saying why there are none. */
export type StoredPeaks = { peaks: Uint8Array } | { note: string };

/** The recording of a file (its role 'media' object), if it has one. */
export async function findFileRecording(
  db: Db,
  fileId: number,
): Promise<{ sha256: string; stored: StoredPeaks | null } | null> {
  const [row] = await db
    .select({ sha256: mediaObjects.sha256, peaks: mediaPeaks.peaks, note: mediaPeaks.note })
    .from(mediaReferences)
    .innerJoin(mediaObjects, eq(mediaObjects.sha256, mediaReferences.mediaSha256))
    .leftJoin(mediaPeaks, eq(mediaPeaks.mediaSha256, mediaObjects.sha256))
    .where(and(eq(mediaReferences.fileId, fileId), eq(mediaReferences.role, 'media')))
    .limit(1);
  if (!row) return null;
  const stored = row.peaks ? { peaks: row.peaks } : row.note !== null ? { note: row.note } : null;
  return { sha256: row.sha256, stored };
}

export interface RecordingWithoutPeaks {
  sha256: string;
  path: string;
  mimeType: string;
}

/**
 * Recordings (objects some file uses as its media) that have neither peaks nor a note yet: of
 * the files `fileIds`, or of every file.
 */
export function recordingsWithoutPeaks(
  db: Db,
  fileIds: number[] | 'all',
  limit: number,
): Promise<RecordingWithoutPeaks[]> {
  return db
    .selectDistinct({
      sha256: mediaObjects.sha256,
      path: mediaObjects.path,
      mimeType: mediaObjects.mimeType,
    })
    .from(mediaObjects)
    .innerJoin(mediaReferences, eq(mediaReferences.mediaSha256, mediaObjects.sha256))
    .where(
      and(
        eq(mediaReferences.role, 'media'),
        fileIds === 'all' ? undefined : inArray(mediaReferences.fileId, fileIds),
        notExists(
          db
            .select({ one: sql`1` })
            .from(mediaPeaks)
            .where(eq(mediaPeaks.mediaSha256, mediaObjects.sha256)),
        ),
      ),
    )
    .orderBy(mediaObjects.sha256)
    .limit(limit);
}

/**
 * Keeps a recording's peaks or note. An object deleted while its peaks were computed is left
 * without them (the insert finds no object to refer to and adds nothing).
 */
export async function storePeaks(db: Db, sha256: string, stored: StoredPeaks): Promise<void> {
  const peaks = 'peaks' in stored ? byteaValue(stored.peaks) : sql`NULL`;
  const note = 'note' in stored ? stored.note : null;
  await db.execute(sql`
    INSERT INTO media_peaks (media_sha256, peaks, note)
    SELECT ${sha256}, ${peaks}, ${note}
    WHERE EXISTS (SELECT 1 FROM media_objects WHERE sha256 = ${sha256})
    ON CONFLICT (media_sha256) DO NOTHING`);
}
