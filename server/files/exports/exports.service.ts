/**
 * Exports of a stored file (docs/exports.md): the access check first (a private file is the same
 * 404 as an unknown id for anyone but its owner), then the asked timeline, then the stored .tla,
 * read and formatted piece by piece (exportChunks) while the answer streams.
 */
import { Readable } from 'node:stream';
import type { Db } from '../../db/database';
import { ApiError, fieldErrors, notFound } from '../../http-errors';
import { downloadName, type Viewer } from '../files.service';
import { findFileAccess } from '../files.repository';
import { decodeTla } from '../ingest/tla-bytes';
import {
  EXPORT_FORMATS,
  EXPORT_FORMAT_INFO,
  isExportFormat,
  isExportableKind,
  kindWord,
  type ExportFormat,
} from '../../../src/shared/exports/export-formats';
import { exportFileName, exportMediaType } from '../../../src/shared/exports/export-names';
import type { ExportJob } from '../../../src/shared/exports/export-job';
import type { WorkTasks } from '../../work/work-tasks';
import type { ExportFileFacts } from '../../../src/shared/exports/export-source';
import {
  findComponentIds,
  findExportFile,
  findExportTimelines,
  type StoredTimeline,
} from './exports.repository';

export interface ExportRequest {
  fileId: number;
  viewer: Viewer;
  /** As it came in the path. */
  format: string;
  /** The `timeline` query parameter as it came, if any. */
  timeline: string | undefined;
  /** PUBLIC_URL, for links in the export. */
  publicUrl: string;
  /** MEDIA_BASE_URL, for the recording's address. */
  mediaBaseUrl: string;
  /** Where the .tla is read and formatted: the work pool, off the event loop. */
  tasks: WorkTasks;
}

export interface ExportReply {
  fileName: string;
  mediaType: string;
  stream: Readable;
}

function parseFormat(format: string): ExportFormat {
  if (isExportFormat(format)) return format;
  throw fieldErrors({
    format: [`Unknown export format: use one of ${EXPORT_FORMATS.join(', ')}.`],
  });
}

function parseTimelineId(text: string | undefined): number | null {
  if (text === undefined) return null;
  if (!/^\d{1,15}$/.test(text) || Number(text) < 1) {
    throw fieldErrors({ timeline: ['A timeline id is a positive whole number.'] });
  }
  return Number(text);
}

/** The asked timeline among the file's, which the format must be able to carry. */
function chosenTimeline(
  stored: StoredTimeline[],
  timelineId: number,
  format: ExportFormat,
): StoredTimeline {
  const timeline = stored.find((t) => t.id === timelineId);
  if (!timeline) throw new ApiError(404, { detail: `This file has no timeline ${timelineId}.` });
  if (!isExportableKind(timeline.kind)) {
    throw fieldErrors({
      timeline: [
        `${EXPORT_FORMAT_INFO[format].label} cannot carry a ${kindWord(timeline.kind)} timeline: ` +
          'only hierarchy, marker, range, beat, harmony and PDF timelines are exported.',
      ],
    });
  }
  return timeline;
}

/** The recording's address for links that leave the site: absolute, from our configuration. */
function mediaAddress(
  row: { storage: string; url: string },
  request: Pick<ExportRequest, 'publicUrl' | 'mediaBaseUrl'>,
): string | null {
  if (row.storage === 'youtube') return row.url || null;
  if (row.storage !== 'staticfiles' || !row.url) return null;
  if (/^https?:\/\//i.test(row.url)) return row.url;
  const base = /^https?:\/\//i.test(request.mediaBaseUrl)
    ? request.mediaBaseUrl
    : request.publicUrl + request.mediaBaseUrl;
  return base.replace(/\/+$/, '') + '/' + row.url.replace(/^\/+/, '');
}

/** Database ids of each timeline's components, in the document's timeline order. */
async function componentIdsByTimeline(
  db: Db,
  fileId: number,
  stored: StoredTimeline[],
  timelineId: number | null,
): Promise<number[][]> {
  const rows = await findComponentIds(db, fileId, timelineId);
  const byTimeline = new Map<number, number[]>(stored.map((t) => [t.id, []]));
  for (const row of rows) {
    const ids = byTimeline.get(row.timelineId);
    if (ids) ids[row.position] = row.id;
  }
  return stored.map((t) => byTimeline.get(t.id) ?? []);
}

/** The export's pieces, made on the work pool, as a stream the socket's backpressure paces. */
function streamOf(job: ExportJob, tasks: WorkTasks): Readable {
  async function* pieces(): AsyncGenerator<Uint8Array> {
    yield* await tasks.exportFile(job);
  }
  return Readable.from(pieces(), { highWaterMark: 1, objectMode: false });
}

/** Checks the request, reads what the export needs, and answers with its name and its stream. */
export async function exportFile(db: Db, request: ExportRequest): Promise<ExportReply> {
  const format = parseFormat(request.format);
  const access = await findFileAccess(db, request.fileId);
  const viewer = request.viewer;
  if (!access || !(access.isPublic || (viewer !== null && access.authorId === viewer))) {
    throw notFound();
  }
  const timelineId = parseTimelineId(request.timeline);
  const stored = await findExportTimelines(db, request.fileId);
  const chosen = timelineId === null ? null : chosenTimeline(stored, timelineId, format);
  if (!chosen && !stored.some((t) => isExportableKind(t.kind))) {
    throw fieldErrors({
      non_field_errors: [
        'This file has no timeline to export: only hierarchy, marker, range, beat, harmony ' +
          'and PDF timelines are exported.',
      ],
    });
  }
  const row = await findExportFile(db, request.fileId);
  if (!row) throw notFound();
  const file: ExportFileFacts = {
    fileId: request.fileId,
    title: row.title,
    composer: row.composer,
    artist: row.artist,
    author: row.author ?? '',
    duration: row.length,
    mediaUrl: mediaAddress(row, request),
    mediaType: row.mediaType,
    siteUrl: request.publicUrl,
  };
  const job: ExportJob = {
    tla: await decodeTla(row.tla, row.tlaEncoding),
    fileName: row.originalName,
    file,
    format,
    timelineIds: stored.map((t) => t.id),
    // Only the Web Annotation export links to components.
    componentIds:
      format === 'webanno'
        ? await componentIdsByTimeline(db, request.fileId, stored, timelineId)
        : stored.map(() => []),
    timelineId,
  };
  const stem = downloadName(row).fileName.replace(/\.(tla|json)$/i, '');
  return {
    fileName: exportFileName(stem, format, chosen?.name ?? null),
    mediaType: exportMediaType(format, chosen !== null),
    stream: streamOf(job, request.tasks),
  };
}
