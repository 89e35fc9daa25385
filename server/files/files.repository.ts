import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { abstractWorks, components, concreteWorks, files, timelines } from '../db/schema';

export type TimelineRow = typeof timelines.$inferSelect;
export type ComponentRecord = typeof components.$inferSelect;

export interface FileAccessRow {
  id: number;
  authorId: number;
  isPublic: boolean;
}

/** The fields an access check needs, without the stored bytes. */
export async function findFileAccess(db: Db, fileId: number): Promise<FileAccessRow | null> {
  const [row] = await db
    .select({ id: files.id, authorId: files.authorId, isPublic: files.isPublic })
    .from(files)
    .where(eq(files.id, fileId));
  return row ?? null;
}

/** A file's works (not its stored bytes, which the viewer JSON does not need). */
export async function findFileWorks(db: Db, fileId: number) {
  const [row] = await db
    .select({ concreteWork: concreteWorks, abstractWork: abstractWorks })
    .from(files)
    .innerJoin(concreteWorks, eq(concreteWorks.id, files.concreteWorkId))
    .innerJoin(abstractWorks, eq(abstractWorks.id, concreteWorks.abstractWorkId))
    .where(eq(files.id, fileId));
  return row ?? null;
}

/** The stored upload as kept (see ingest/tla-bytes.ts) and what to name its download after. */
export async function findStoredTla(db: Db, fileId: number) {
  const [row] = await db
    .select({
      tla: files.tla,
      tlaEncoding: files.tlaEncoding,
      title: abstractWorks.title,
      originalName: files.originalName,
      format: files.format,
    })
    .from(files)
    .innerJoin(concreteWorks, eq(concreteWorks.id, files.concreteWorkId))
    .innerJoin(abstractWorks, eq(abstractWorks.id, concreteWorks.abstractWorkId))
    .where(eq(files.id, fileId));
  return row ?? null;
}

export async function findTimelines(db: Db, fileId: number): Promise<TimelineRow[]> {
  return db
    .select()
    .from(timelines)
    .where(eq(timelines.fileId, fileId))
    .orderBy(asc(timelines.displayPosition));
}

export async function findComponents(db: Db, fileId: number): Promise<ComponentRecord[]> {
  return db
    .select()
    .from(components)
    .where(eq(components.fileId, fileId))
    .orderBy(asc(components.timelineId), asc(components.position));
}
