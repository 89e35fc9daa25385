import { and, asc, eq, gt, isNull, ne, or } from 'drizzle-orm';
import { byteaValue } from '../db/bytea';
import { componentDescriptionColumns } from '../db/component-columns';
import type { Db } from '../db/database';
import {
  abstractWorks,
  components,
  concreteWorks,
  files,
  timelines,
  viewerPayloads,
} from '../db/schema';

export type TimelineRow = typeof timelines.$inferSelect;
/** What the viewer JSON takes of a component row (not its search copies or its position). */
const viewerColumns = {
  id: components.id,
  timelineId: components.timelineId,
  kind: components.kind,
  ...componentDescriptionColumns,
  preStart: components.preStart,
  postEnd: components.postEnd,
  time: components.time,
  level: components.level,
  pageNumber: components.pageNumber,
  amplitude: components.amplitude,
  step: components.step,
  accidental: components.accidental,
  quality: components.quality,
  inversion: components.inversion,
  appliedTo: components.appliedTo,
  displayMode: components.displayMode,
  customText: components.customText,
  customTextFontType: components.customTextFontType,
  modeType: components.modeType,
  extra: components.extra,
  rowId: components.rowId,
  joinedRight: components.joinedRight,
};

export type ComponentRecord = Pick<typeof components.$inferSelect, keyof typeof viewerColumns>;

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
    .select({
      concreteWork: concreteWorks,
      abstractWork: abstractWorks,
      fileName: files.originalName,
      metadata: files.mediaMetadata,
    })
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
    .select(viewerColumns)
    .from(components)
    .where(eq(components.fileId, fileId))
    .orderBy(asc(components.timelineId), asc(components.position));
}

/** A file's stored viewer JSON, gzipped; null for a file stored before payloads were kept. */
export async function findViewerPayload(db: Db, fileId: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ jsonGzip: viewerPayloads.jsonGzip })
    .from(viewerPayloads)
    .where(eq(viewerPayloads.fileId, fileId));
  return row ? Buffer.from(row.jsonGzip) : null;
}

/** A file's prepared payload, gzipped, as the file worker opens it. */
export interface PreparedPayload {
  gzip: Buffer;
  version: number;
}

export async function upsertViewerPayload(
  db: Db,
  payload: {
    fileId: number;
    jsonGzip: Buffer;
    jsonBytes: number;
    prepared: PreparedPayload | null;
  },
): Promise<void> {
  const jsonGzip = byteaValue(payload.jsonGzip);
  const columns = {
    jsonGzip,
    jsonBytes: payload.jsonBytes,
    preparedGzip: preparedBytes(payload.prepared),
    preparedVersion: payload.prepared?.version ?? null,
  };
  await db
    .insert(viewerPayloads)
    .values({ fileId: payload.fileId, ...columns })
    .onConflictDoUpdate({ target: viewerPayloads.fileId, set: columns });
}

function preparedBytes(prepared: PreparedPayload | null) {
  return prepared ? byteaValue(prepared.gzip) : null;
}

/** A file's prepared payload, gzipped, if one of `version` is stored. */
export async function findPreparedPayload(
  db: Db,
  fileId: number,
  version: number,
): Promise<Buffer | null> {
  const [row] = await db
    .select({ gzip: viewerPayloads.preparedGzip })
    .from(viewerPayloads)
    .where(and(eq(viewerPayloads.fileId, fileId), eq(viewerPayloads.preparedVersion, version)));
  return row?.gzip ? Buffer.from(row.gzip) : null;
}

/** Keeps a prepared payload beside the file's stored JSON (none when the file is gone). */
export async function updatePreparedPayload(
  db: Db,
  fileId: number,
  prepared: PreparedPayload,
): Promise<void> {
  await db
    .update(viewerPayloads)
    .set({ preparedGzip: preparedBytes(prepared), preparedVersion: prepared.version })
    .where(eq(viewerPayloads.fileId, fileId));
}

/**
 * Up to `limit` files after `after`, by id, without a prepared payload of `version`: stored before
 * payloads were kept, or before this version of the format.
 */
export async function filesWithoutPreparedPayload(
  db: Db,
  version: number,
  after: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .leftJoin(viewerPayloads, eq(viewerPayloads.fileId, files.id))
    .where(
      and(
        gt(files.id, after),
        or(isNull(viewerPayloads.preparedVersion), ne(viewerPayloads.preparedVersion, version)),
      ),
    )
    .orderBy(asc(files.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
