import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { abstractWorks, components, concreteWorks, files, timelines, users } from '../../db/schema';

/** What an export needs of a file: its stored upload, its works and its uploader's name. */
export async function findExportFile(db: Db, fileId: number) {
  const [row] = await db
    .select({
      tla: files.tla,
      tlaEncoding: files.tlaEncoding,
      originalName: files.originalName,
      format: files.format,
      title: abstractWorks.title,
      composer: abstractWorks.composer,
      artist: concreteWorks.artist,
      mediaType: concreteWorks.type,
      storage: concreteWorks.storage,
      url: concreteWorks.url,
      length: concreteWorks.length,
      author: users.username,
    })
    .from(files)
    .innerJoin(concreteWorks, eq(concreteWorks.id, files.concreteWorkId))
    .innerJoin(abstractWorks, eq(abstractWorks.id, concreteWorks.abstractWorkId))
    .leftJoin(users, eq(users.id, files.authorId))
    .where(eq(files.id, fileId));
  return row ?? null;
}

export interface StoredTimeline {
  id: number;
  kind: string;
  name: string;
  displayPosition: number;
}

/** A file's timelines in the document's order (ingestion stores that order as display_position). */
export async function findExportTimelines(db: Db, fileId: number): Promise<StoredTimeline[]> {
  return db
    .select({
      id: timelines.id,
      kind: timelines.kind,
      name: timelines.name,
      displayPosition: timelines.displayPosition,
    })
    .from(timelines)
    .where(eq(timelines.fileId, fileId))
    .orderBy(asc(timelines.displayPosition));
}

/** The ids of a file's components (of one timeline, when given), by timeline and position. */
export async function findComponentIds(
  db: Db,
  fileId: number,
  timelineId: number | null,
): Promise<{ timelineId: number; position: number; id: number }[]> {
  return db
    .select({ timelineId: components.timelineId, position: components.position, id: components.id })
    .from(components)
    .where(
      timelineId === null ? eq(components.fileId, fileId) : eq(components.timelineId, timelineId),
    )
    .orderBy(asc(components.timelineId), asc(components.position));
}
