import type { Database, Db } from '../../db/database';
import { DrizzleQueryError } from 'drizzle-orm';
import { MAX_TEXT_LENGTH } from '../ingest/document-limits';
import { fieldErrors, forbidden, notFound } from '../../http-errors';
import type { ViewerCache } from '../viewer-cache';
import type { UserFileJson, UserFilesJson } from '../../../src/shared/api-types';
import { distinctWorksJson } from '../works-json';
import type { MediaStore } from './media-store';
import { deleteUnusedMediaObjects, mediaObjectAtPath, mediaShasOfFile } from './media.repository';
import {
  deleteFileWithWorks,
  findFileSummary,
  findFilesOfAuthor,
  updateFilePublic,
  type FileSummary,
} from './user-files.repository';

export interface UserFilesContext {
  database: Database;
  store: MediaStore;
  viewerCache: ViewerCache;
}

function fileJson(file: FileSummary): UserFileJson {
  return {
    id: file.id,
    author_id: file.authorId,
    concrete_work_id: file.concreteWorkId,
    is_public: file.isPublic,
    created_at: file.createdAt.toISOString(),
    original_name: file.originalName,
  };
}

export async function filesOfUser(db: Db, userId: number): Promise<UserFilesJson> {
  const rows = await findFilesOfAuthor(db, userId);
  return { files: rows.map((row) => fileJson(row.file)), ...distinctWorksJson(rows) };
}

/**
 * Only the owner may change or delete a file. Anyone else gets the answer a read would give: a
 * private file does not exist for them (404), a public one exists but is not theirs (403).
 */
export async function ownedFile(db: Db, fileId: number, userId: number): Promise<FileSummary> {
  const file = await findFileSummary(db, fileId);
  if (!file) throw notFound();
  if (file.authorId !== userId) throw file.isPublic ? forbidden() : notFound();
  return file;
}

/**
 * PostgreSQL's "index row size exceeds maximum" (program_limit_exceeded): a text of a file stored
 * before uploads were held to MAX_TEXT_LENGTH is too long for the search indexes that a public
 * file's components enter.
 */
function tooLongToIndex(error: unknown): boolean {
  return (
    error instanceof DrizzleQueryError && (error.cause as { code?: unknown })?.code === '54000'
  );
}

const unsearchableText = () =>
  fieldErrors({
    is_public: [
      'This file cannot be made public: one of its texts (a title, label or comment) is longer ' +
        `than the ${MAX_TEXT_LENGTH} characters search can hold. Shorten it in TiLiA and upload ` +
        'the file again.',
    ],
  });

export async function setFilePublic(
  context: UserFilesContext,
  fileId: number,
  userId: number,
  isPublic: boolean,
): Promise<UserFileJson> {
  const { db } = context.database;
  await ownedFile(db, fileId, userId);
  const updated = await updateFilePublic(db, fileId, isPublic).catch((error: unknown) => {
    throw tooLongToIndex(error) ? unsearchableText() : error;
  });
  if (!updated) throw notFound();
  context.viewerCache.forget(fileId);
  return fileJson(updated);
}

/** Deletes the file's rows and, once that has committed, any media no other file uses. */
export async function deleteFile(
  context: UserFilesContext,
  fileId: number,
  userId: number,
): Promise<void> {
  const { db } = context.database;
  await ownedFile(db, fileId, userId);
  const unusedPaths = await db.transaction(async (tx) => {
    const shas = await mediaShasOfFile(tx, fileId);
    if (!(await deleteFileWithWorks(tx, fileId))) throw notFound();
    return deleteUnusedMediaObjects(tx, shas);
  });
  context.viewerCache.forget(fileId);
  for (const path of unusedPaths) {
    await context.store.removeUnlessUsed(path, () => mediaObjectAtPath(db, path));
  }
}
