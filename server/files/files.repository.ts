import { asc, eq, sql } from 'drizzle-orm';
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
  label: components.label,
  comments: components.comments,
  color: components.color,
  formalFunction: components.formalFunction,
  formalType: components.formalType,
  start: components.start,
  end: components.end,
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

export async function upsertViewerPayload(
  db: Db,
  payload: { fileId: number; jsonGzip: Buffer; jsonBytes: number },
): Promise<void> {
  // Base64 text and decode(), as for the .tla bytes: PGlite turns a bytea parameter into hex one
  // byte at a time.
  const jsonGzip = sql`decode(${payload.jsonGzip.toString('base64')}, 'base64')`;
  await db
    .insert(viewerPayloads)
    .values({ fileId: payload.fileId, jsonGzip, jsonBytes: payload.jsonBytes })
    .onConflictDoUpdate({
      target: viewerPayloads.fileId,
      set: { jsonGzip, jsonBytes: payload.jsonBytes },
    });
}
