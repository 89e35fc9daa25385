import { Type, type Static } from 'typebox';
import { AbstractWorkJson, ConcreteWorkJson } from './works';

/** Ids arrive as path text; the route answers 404 for anything but a positive whole number. */
export const FileParams = Type.Object({ id: Type.String({ description: 'File id' }) });
export type FileParams = Static<typeof FileParams>;

/**
 * A file as the browse and search routes list it. `original_name` is the name it was uploaded
 * under: what tells files apart whose titles do not (several 'Untitled' exports of one work).
 */
export const FileJson = Type.Object({
  id: Type.Integer(),
  author_id: Type.Integer(),
  concrete_work_id: Type.Integer(),
  is_public: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  original_name: Type.String({ description: 'The name the file was uploaded under' }),
});
export type FileJson = Static<typeof FileJson>;

/** One of the caller's own files. */
export const UserFileJson = Type.Object({ ...FileJson.properties });
export type UserFileJson = Static<typeof UserFileJson>;

/**
 * GET users/files/: the caller's files, newest first, with their works. Unlike the browse routes,
 * private files are included.
 */
export const UserFilesJson = Type.Object({
  files: Type.Array(UserFileJson),
  abstract_works: Type.Array(AbstractWorkJson),
  concrete_works: Type.Array(ConcreteWorkJson),
});
export type UserFilesJson = Static<typeof UserFilesJson>;

/**
 * GET files/{id}/tla: the file as uploaded, byte for byte, as a download; a JSON export that was
 * uploaded as .json keeps its media type. The route sends the bytes: nothing serializes them.
 */
export const TlaDownload = {
  description: 'The uploaded file, with a Content-Disposition naming it after its work',
  content: {
    'application/octet-stream': { schema: Type.String({ format: 'binary' }) },
    'application/json': { schema: Type.Unknown({ description: 'A TiLiA JSON export' }) },
  },
};

/** DELETE files/{id} (204): a reply without a body, which no serializer sees. */
export const Deleted = { description: 'Deleted: no body', type: 'null' };

/** PATCH files/{id}: the file's new public flag. */
export const PublicFlag = Type.Object({ is_public: Type.Boolean() });
export type PublicFlag = Static<typeof PublicFlag>;

/** POST upload/ (201): one stored file. */
export const UploadedFileJson = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  not_included: Type.Array(Type.String(), {
    description: 'The media and PDF files the .tla names that the upload did not include.',
  }),
});
export type UploadedFileJson = Static<typeof UploadedFileJson>;

/** POST upload/ (201): the stored files, in upload order. */
export const UploadResponseJson = Type.Object({ files: Type.Array(UploadedFileJson) });
export type UploadResponseJson = Static<typeof UploadResponseJson>;

/** GET files/{id}/peaks: the recording's waveform peaks (src/shared/waveform/peaks.ts). */
export const PeaksDownload = {
  description:
    "The waveform peaks of the file's recording at several resolutions, in TiLiA's binary form",
  content: { 'application/vnd.tilia.peaks': { schema: Type.String({ format: 'binary' }) } },
};

/** A reply that says why there are no peaks (yet): a 202, 404 or 422 with its detail. */
export const PeaksPending = Type.Object({ detail: Type.String() });
