import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { abstractWorks, concreteWorks, files } from '../../db/schema';

/** A file's row without its stored bytes. */
const fileColumns = {
  id: files.id,
  authorId: files.authorId,
  concreteWorkId: files.concreteWorkId,
  isPublic: files.isPublic,
  createdAt: files.createdAt,
  originalName: files.originalName,
};

export type FileSummary = {
  id: number;
  authorId: number;
  concreteWorkId: number;
  isPublic: boolean;
  createdAt: Date;
  originalName: string;
};

/** A user's files with their works, newest first (a batch shares its time: then by id). */
export async function findFilesOfAuthor(db: Db, authorId: number) {
  return db
    .select({ file: fileColumns, concreteWork: concreteWorks, abstractWork: abstractWorks })
    .from(files)
    .innerJoin(concreteWorks, eq(concreteWorks.id, files.concreteWorkId))
    .innerJoin(abstractWorks, eq(abstractWorks.id, concreteWorks.abstractWorkId))
    .where(eq(files.authorId, authorId))
    .orderBy(desc(files.createdAt), desc(files.id));
}

export async function findFileSummary(db: Db, fileId: number): Promise<FileSummary | null> {
  const [row] = await db.select(fileColumns).from(files).where(eq(files.id, fileId));
  return row ?? null;
}

export async function updateFilePublic(
  db: Db,
  fileId: number,
  isPublic: boolean,
): Promise<FileSummary | null> {
  const [row] = await db
    .update(files)
    .set({ isPublic })
    .where(eq(files.id, fileId))
    .returning(fileColumns);
  return row ?? null;
}

/**
 * Deletes a file (its timelines, components and media references go with it by cascade) and
 * then its works, unless another file still uses them. Returns false if the file was gone.
 */
export async function deleteFileWithWorks(db: Db, fileId: number): Promise<boolean> {
  const [deleted] = await db
    .delete(files)
    .where(eq(files.id, fileId))
    .returning({ concreteWorkId: files.concreteWorkId });
  if (!deleted) return false;
  const [concrete] = await db
    .delete(concreteWorks)
    .where(
      and(
        eq(concreteWorks.id, deleted.concreteWorkId),
        sql`NOT EXISTS (SELECT 1 FROM ${files} WHERE ${files.concreteWorkId} = ${concreteWorks.id})`,
      ),
    )
    .returning({ abstractWorkId: concreteWorks.abstractWorkId });
  if (concrete) {
    await db.delete(abstractWorks).where(
      and(
        eq(abstractWorks.id, concrete.abstractWorkId),
        sql`NOT EXISTS (SELECT 1 FROM ${concreteWorks}
            WHERE ${concreteWorks.abstractWorkId} = ${abstractWorks.id})`,
      ),
    );
  }
  return true;
}
