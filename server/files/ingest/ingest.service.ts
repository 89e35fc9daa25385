import type { Db } from '../../db/database';
import { storeIngestedPayload, type StoredIds } from '../files.service';
import type { TlaDocument, TlaTimeline } from '../../../src/shared/tla/tla-model';
import { readTla } from '../../../src/shared/tla/tla-reader';
import { componentRows } from './component-rows';
import {
  insertAbstractWork,
  insertComponents,
  insertConcreteWork,
  insertFile,
  insertTimeline,
  type NewTimeline,
  type StepAside,
} from './ingest.repository';
import { storableJson, storableText } from './storable-text';
import { workFields } from '../../../src/shared/tla/work-fields';

export interface IngestInput {
  bytes: Uint8Array;
  /** The bytes already parsed (the upload reads each .tla before its transaction). */
  document?: TlaDocument;
  fileName: string;
  authorId: number;
  isPublic: boolean;
  /** Only the seed of the example analyses chooses its ids (135-155); uploads never do. */
  fixedId?: number;
  /** URL of the media file uploaded with the .tla (storage 'staticfiles'). */
  mediaUrl?: string | null;
  /** PDF URLs by PDF timeline path, for PDFs uploaded with the .tla. */
  pdfUrlFor?: (pdfPath: string) => string | null;
  /** Between statements of components, for others waiting on the same database. */
  stepAside?: StepAside;
}

export interface IngestedFile {
  id: number;
  title: string;
  document: TlaDocument;
}

function timelineRow(
  fileId: number,
  timeline: TlaTimeline,
  displayPosition: number,
  pdfUrlFor: IngestInput['pdfUrlFor'],
): NewTimeline {
  const base: NewTimeline = {
    fileId,
    kind: timeline.kind === 'UNKNOWN' ? storableText(timeline.kindName) : timeline.kind,
    kindName: storableText(timeline.kindName),
    isKnownKind: timeline.kind !== 'UNKNOWN',
    name: storableText(timeline.name),
    ordinal: timeline.ordinal,
    displayPosition,
    isVisible: timeline.isVisible,
    height: timeline.height,
  };
  switch (timeline.kind) {
    case 'BEAT_TIMELINE':
      return {
        ...base,
        beatPattern: timeline.beatPattern,
        measureNumbers: timeline.measureNumbers,
        beatsInMeasure: timeline.beatsInMeasure,
        measuresToForceDisplay: timeline.measuresToForceDisplay,
      };
    case 'HARMONY_TIMELINE':
      return {
        ...base,
        levelHeight: timeline.levelHeight,
        levelCount: timeline.levelCount,
        visibleLevelCount: timeline.visibleLevelCount,
      };
    case 'PDF_TIMELINE':
      return {
        ...base,
        pdfPath: storableText(timeline.path),
        pdfUrl: pdfUrlFor?.(timeline.path) ?? '',
      };
    case 'UNKNOWN':
      return { ...base, attributes: storableJson(timeline.attributes) };
    default:
      return base;
  }
}

/**
 * Reads a .tla and stores it: the original bytes, its works, timelines and components. Throws
 * TlaReadError for a broken file before writing anything. Run it inside a transaction: a batch of
 * uploads is stored whole or not at all.
 */
export async function ingestTla(db: Db, input: IngestInput): Promise<IngestedFile> {
  const document = input.document ?? readTla(input.bytes, input.fileName);
  const work = workFields(document, input.mediaUrl ?? null);
  const fixed = input.fixedId;
  const abstractWorkId = await insertAbstractWork(db, {
    ...(fixed ? { id: fixed } : {}),
    title: storableText(work.title),
    composer: storableText(work.composer),
  });
  const concreteWorkId = await insertConcreteWork(db, {
    ...(fixed ? { id: fixed } : {}),
    abstractWorkId,
    artist: storableText(work.artist),
    type: work.type,
    storage: work.storage,
    url: storableText(work.url),
    mediaName: storableText(work.mediaName),
    length: work.length,
    start: 0,
    end: work.length,
  });
  const fileId = await insertFile(db, {
    ...(fixed ? { id: fixed } : {}),
    authorId: input.authorId,
    concreteWorkId,
    isPublic: input.isPublic,
    originalName: storableText(input.fileName),
    format: document.format,
    appVersion: document.version === null ? null : storableText(document.version),
    mediaMetadata: storableJson(document.mediaMetadata),
    tla: input.bytes,
  });
  const ids: StoredIds = { timelineIds: [], componentIds: [] };
  for (const [index, timeline] of document.timelines.entries()) {
    const timelineId = await insertTimeline(
      db,
      timelineRow(fileId, timeline, index, input.pdfUrlFor),
    );
    ids.timelineIds.push(timelineId);
    const rows = componentRows(timeline);
    ids.componentIds.push(await insertComponents(db, fileId, timelineId, rows, input.stepAside));
  }
  // Its viewer JSON is built now, once, so that no request ever assembles it from the rows.
  await storeIngestedPayload(db, fileId, document, ids, input.pdfUrlFor);
  return { id: fileId, title: work.title, document };
}
