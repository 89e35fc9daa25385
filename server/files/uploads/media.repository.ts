import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { mediaObjects, mediaReferences } from '../../db/schema';

export interface NewMediaObject {
  sha256: string;
  path: string;
  mimeType: string;
  size: number;
}

/**
 * Records an object, or locks the existing row for the same content until the transaction ends:
 * a concurrent delete of the last file using it then waits, and sees the new reference.
 * Returns the object's path (an existing object keeps the path it was stored under).
 */
export async function recordMediaObject(db: Db, object: NewMediaObject): Promise<string> {
  const [row] = await db
    .insert(mediaObjects)
    .values(object)
    .onConflictDoUpdate({
      target: mediaObjects.sha256,
      set: { sha256: sql`excluded.sha256` },
    })
    .returning({ path: mediaObjects.path });
  return row!.path;
}

export async function insertMediaReference(
  db: Db,
  reference: { fileId: number; mediaSha256: string; role: 'media' | 'pdf' },
): Promise<void> {
  await db.insert(mediaReferences).values(reference).onConflictDoNothing();
}

export async function mediaShasOfFile(db: Db, fileId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ sha256: mediaReferences.mediaSha256 })
    .from(mediaReferences)
    .where(eq(mediaReferences.fileId, fileId));
  return rows.map((row) => row.sha256);
}

/**
 * Deletes the objects among `shas` that no file refers to any more and returns their paths. The
 * rows are locked first, so an upload adding a reference to one of them either finishes before
 * (and the object stays) or waits until after (and records it afresh).
 */
export async function deleteUnusedMediaObjects(db: Db, shas: string[]): Promise<string[]> {
  if (shas.length === 0) return [];
  await db
    .select({ sha256: mediaObjects.sha256 })
    .from(mediaObjects)
    .where(inArray(mediaObjects.sha256, shas))
    .for('update');
  const deleted = await db
    .delete(mediaObjects)
    .where(
      sql`${inArray(mediaObjects.sha256, shas)} AND NOT EXISTS (
        SELECT 1 FROM ${mediaReferences}
        WHERE ${mediaReferences.mediaSha256} = ${mediaObjects.sha256})`,
    )
    .returning({ path: mediaObjects.path });
  return deleted.map((row) => row.path);
}

export async function mediaObjectAtPath(db: Db, path: string): Promise<boolean> {
  const [row] = await db
    .select({ sha256: mediaObjects.sha256 })
    .from(mediaObjects)
    .where(eq(mediaObjects.path, path));
  return row !== undefined;
}
