import { gzipSync } from 'node:zlib';
import type { ViewerFileJson } from '../../../src/shared/api-types';
import { localMediaName, pathFileName } from '../../../src/shared/tla/media-path';
import {
  TlaReadError,
  type TlaDocument,
  type TlaTimeline,
} from '../../../src/shared/tla/tla-model';
import { readTla } from '../../../src/shared/tla/tla-reader';
import { workFields } from '../../../src/shared/tla/work-fields';
import {
  notShownComponents,
  viewerJsonFromDocument,
} from '../../../src/shared/viewer-json/viewer-json-from-document';
import {
  encodePreparedPayload,
  PREPARED_PAYLOAD_VERSION,
} from '../../../src/shared/viewer-payload/prepared-payload';
import { CopyRows } from '../../db/copy-text';
import { componentRows, type ComponentRow } from './component-rows';
import { timelineCopyRows } from './timeline-rows';
import { documentLimitFault } from './document-limits';
import type { NewAbstractWork, NewConcreteWork, NewFile, NewTimeline } from './ingest.repository';
import { storableJson, storableJsonText, storableText } from '../../../src/shared/storable-text';
import { encodeTla, type TlaEncoding } from './tla-bytes';
import { matchingKey } from '../uploads/upload-plan';
import { buildTqlIndex, type TqlIndexRows } from '../../tql/tql-index';

/**
 * Everything a .tla is stored as, worked out from its bytes away from the server's event loop
 * (on the work pool's threads): the rows of its works, file and timelines, its components as
 * one COPY, its viewer JSON and prepared payload, its original bytes gzipped. The server's
 * thread then only writes them, in one transaction.
 */

/** What a .tla asks for, read before anything is stored: its media and score PDFs. */
export interface AnnotationRead {
  ok: true;
  mediaName: string | null;
  pdfNames: string[];
  timelineCount: number;
  componentCount: number;
  title: string;
}

export interface AnnotationProblem {
  ok: false;
  /** The fault, naming the file: ready to show. */
  message: string;
  /** The fault alone. */
  fault: string;
}

export function readAnnotation(
  bytes: Uint8Array,
  fileName: string,
  maxComponents: number,
): AnnotationRead | AnnotationProblem {
  let document: TlaDocument;
  try {
    document = readTla(bytes, fileName);
  } catch (error) {
    if (error instanceof TlaReadError) {
      return { ok: false, message: error.message, fault: error.fault };
    }
    throw error;
  }
  const fault = documentLimitFault(document, maxComponents);
  if (fault !== null) return { ok: false, message: `'${fileName}': ${fault}`, fault };
  return {
    ok: true,
    mediaName: localMediaName(document.mediaPath) || null,
    pdfNames: document.timelines.flatMap((timeline) =>
      timeline.kind === 'PDF_TIMELINE' && timeline.path.trim() !== ''
        ? [pathFileName(timeline.path.trim())]
        : [],
    ),
    timelineCount: document.timelines.length,
    componentCount: document.timelines.reduce((sum, t) => sum + componentRows(t).length, 0),
    title: storableText(workFields(document, null).title),
  };
}

/** Ids taken from the tables' sequences before the file is built, so its JSON can carry them. */
export interface StoredIds {
  abstractWork: number;
  concreteWork: number;
  file: number;
  timelines: number[];
  /** At least as many as the file has component rows, in document order. */
  components: Float64Array;
}

export interface StoredFormsInput {
  bytes: Uint8Array;
  fileName: string;
  authorId: number;
  isPublic: boolean;
  ids: StoredIds;
  /** The media's URL relative to MEDIA_BASE_URL (uploaded with the .tla), or null. */
  mediaUrl: string | null;
  /**
   * What the uploaded media are, as their content says, when the .tla names none whose extension
   * would tell (a recording uploaded with a .tla that names no media); null: from the .tla's name.
   */
  mediaType?: 'audio' | 'video' | null;
  /**
   * The full URL of each PDF uploaded with it, by its name's matching key (upload-plan.ts
   * `matchingKey`, which pairs a PDF timeline's path with an uploaded file's name).
   */
  pdfUrls: Record<string, string>;
  /** natural_sort_key(title), as the database computes it (migration 0012). */
  titleSort: string;
}

/** What a file is stored as but its views: enough to write its rows and components. */
export interface StoredRows {
  title: string;
  abstractWork: NewAbstractWork;
  concreteWork: NewConcreteWork;
  file: Omit<NewFile, 'tla'> & { tla: Uint8Array; tlaEncoding: TlaEncoding };
  /** Timeline rows in COPY's text format, TIMELINE_COLUMNS in order (timeline-rows.ts). */
  timelines: Uint8Array;
  timelineCount: number;
  /** Component rows in COPY's text format, COMPONENT_COLUMNS in order. */
  components: Uint8Array;
  componentCount: number;
}

/** The forms built from a file's rows: what the viewer opens, and the query index. */
export interface StoredViews {
  jsonGzip: Uint8Array;
  jsonBytes: number;
  prepared: { gzip: Uint8Array; version: number } | null;
  /** The file's query index (TQL). */
  tql: TqlIndexRows;
}

export type StoredForms = StoredRows & StoredViews;

/**
 * A file's forms as they become ready: its rows first, so that they can be written while its
 * views are still being built (the two overlap on different threads).
 */
export interface StoredStages {
  rows: Promise<StoredRows>;
  views: Promise<StoredViews>;
}

/** The columns of the components COPY, in the order of each row's fields. */
export const COMPONENT_COLUMNS = [
  'id',
  'timeline_id',
  'file_id',
  'position',
  'kind',
  'label',
  'comments',
  'color',
  'formal_function',
  'formal_type',
  'start',
  'end',
  'pre_start',
  'post_end',
  'time',
  'level',
  'page_number',
  'amplitude',
  'step',
  'accidental',
  'quality',
  'inversion',
  'applied_to',
  'display_mode',
  'custom_text',
  'custom_text_font_type',
  'mode_type',
  'extra',
  'search_kind',
  'is_public',
  'work_title',
  'work_title_sort',
  'work_composer',
  'row_id',
  'row_name',
  'joined_right',
] as const;

/**
 * Which components the component search finds (the SQL function component_search_kind of
 * migration 0003, which the COPY bypasses: tests/server/stored-forms.test.ts holds the two equal).
 */
export function searchKind(timelineKind: string, componentKind: string): string | null {
  if (timelineKind === 'HIERARCHY_TIMELINE' && componentKind === 'HIERARCHY') return 'HIERARCHY';
  if (timelineKind === 'MARKER_TIMELINE' && componentKind === 'MARKER') return 'MARKER';
  if (timelineKind === 'BEAT_TIMELINE' && componentKind === 'BEAT') return 'BEAT';
  if (timelineKind === 'RANGE_TIMELINE' && componentKind === 'RANGE') return 'RANGE';
  return null;
}

const text = (value: string | null | undefined) =>
  value === null || value === undefined ? null : storableText(value);

type PdfUrlFor = (pdfPath: string) => string | null;

function timelineRow(
  id: number,
  fileId: number,
  timeline: TlaTimeline,
  displayPosition: number,
  pdfUrlFor: PdfUrlFor,
): NewTimeline {
  const base: NewTimeline = {
    id,
    fileId,
    kind: timeline.kind === 'UNKNOWN' ? storableText(timeline.kindName) : timeline.kind,
    kindName: storableText(timeline.kindName),
    isKnownKind: timeline.kind !== 'UNKNOWN',
    name: storableText(timeline.name),
    ordinal: timeline.ordinal,
    displayPosition,
    isVisible: timeline.isVisible,
    height: timeline.height,
    notShown: notShownComponents(timeline),
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
        pdfUrl: pdfUrlFor(timeline.path) ?? '',
      };
    case 'RANGE_TIMELINE':
      return {
        ...base,
        rangeRows: storableJson(timeline.rows),
        defaultRowHeight: timeline.defaultRowHeight,
      };
    case 'UNKNOWN':
      return { ...base, attributes: storableJson(timeline.attributes) };
    default:
      return base;
  }
}

function addComponent(
  out: CopyRows,
  id: number,
  timelineId: number,
  fileId: number,
  timelineKind: string,
  row: ComponentRow,
  file: { isPublic: boolean; title: string; titleSort: string; composer: string },
  joinedRight: number | null,
): void {
  out.add([
    id,
    timelineId,
    fileId,
    row.position,
    storableText(row.kind),
    text(row.label),
    text(row.comments),
    text(row.color),
    text(row.formal_function),
    text(row.formal_type),
    row.start,
    row.end,
    row.pre_start,
    row.post_end,
    row.time,
    row.level,
    row.page_number,
    row.amplitude,
    row.step,
    row.accidental,
    text(row.quality),
    row.inversion,
    row.applied_to,
    text(row.display_mode),
    text(row.custom_text),
    text(row.custom_text_font_type),
    text(row.mode_type),
    row.extra === undefined || row.extra === null ? null : storableJsonText(row.extra),
    searchKind(timelineKind, row.kind),
    file.isPublic,
    file.title,
    file.titleSort,
    file.composer,
    text(row.row_id),
    text(row.row_name),
    joinedRight,
  ]);
}

/** A file's rows built now, and what builds its views from the same reading of it. */
export interface RowsThenViews {
  rows: Promise<StoredRows>;
  views(): StoredViews;
}

export function buildStoredRows(input: StoredFormsInput): RowsThenViews {
  const { ids } = input;
  // zlib compresses the original on libuv's thread pool meanwhile.
  const stored = encodeTla(input.bytes);
  const document = readTla(input.bytes, input.fileName);
  const named = workFields(document, input.mediaUrl);
  const work = input.mediaType ? { ...named, type: input.mediaType } : named;
  const title = storableText(work.title);
  const composer = storableText(work.composer);
  const pdfUrlFor: PdfUrlFor = (path) =>
    input.pdfUrls[matchingKey(pathFileName(path.trim()))] ?? null;
  const timelines = document.timelines.map((timeline, index) =>
    timelineRow(ids.timelines[index]!, ids.file, timeline, index, pdfUrlFor),
  );
  const timelineCopy = timelineCopyRows(timelines);
  const copy = new CopyRows();
  const componentIds: number[][] = [];
  let next = 0;
  for (const [index, timeline] of document.timelines.entries()) {
    const rows = componentRows(timeline);
    const kind = timelines[index]!.kind;
    const timelineIds: number[] = [];
    for (const _row of rows) {
      const id = ids.components[next++];
      if (id === undefined) throw new Error('fewer component ids than components');
      timelineIds.push(id);
    }
    // A range's join names the range to its right by its key in the file: here, by its id.
    const idOfSource = new Map<string, number>();
    rows.forEach((row, position) => {
      if (row.source_id) idOfSource.set(row.source_id, timelineIds[position]!);
    });
    rows.forEach((row, position) => {
      const joined = row.joined_right ? (idOfSource.get(row.joined_right) ?? null) : null;
      addComponent(
        copy,
        timelineIds[position]!,
        ids.timelines[index]!,
        ids.file,
        kind,
        row,
        {
          isPublic: input.isPublic,
          title,
          titleSort: input.titleSort,
          composer,
        },
        joined,
      );
    });
    componentIds.push(timelineIds);
  }
  const rows = stored.then(({ tla, tlaEncoding }): StoredRows => ({
    title,
    abstractWork: { id: ids.abstractWork, title, composer },
    concreteWork: {
      id: ids.concreteWork,
      abstractWorkId: ids.abstractWork,
      artist: storableText(work.artist),
      type: work.type,
      storage: work.storage,
      url: storableText(work.url),
      mediaName: storableText(work.mediaName),
      length: work.length,
      start: 0,
      end: work.length,
    },
    file: {
      id: ids.file,
      authorId: input.authorId,
      concreteWorkId: ids.concreteWork,
      isPublic: input.isPublic,
      originalName: storableText(input.fileName),
      format: document.format,
      appVersion: document.version === null ? null : storableText(document.version),
      mediaMetadata: storableJson(document.mediaMetadata),
      tla,
      tlaEncoding,
    },
    timelines: timelineCopy.bytes(),
    timelineCount: timelineCopy.count,
    components: copy.bytes(),
    componentCount: copy.count,
  }));

  const views = (): StoredViews => {
    const built = viewerJsonFromDocument(document, { pdfUrlFor, fileName: input.fileName });
    const json: ViewerFileJson = {
      id: ids.file,
      concrete_work: {
        id: ids.concreteWork,
        abstract_work_id: ids.abstractWork,
        artist: storableText(work.artist),
        type: work.type,
        storage: work.storage,
        url: storableText(work.url),
        length: work.length,
        start: 0,
        end: work.length,
        media_name: storableText(work.mediaName),
      },
      abstract_work: { id: ids.abstractWork, title, composer },
      file_name: built.file_name,
      metadata: built.metadata,
      timelines: built.timelines.map((timeline, index) => {
        // The JSON's own ids become the database's, joins included.
        const stored = new Map(
          timeline.components.map((component, position) => [
            component.id,
            componentIds[index]![position]!,
          ]),
        );
        return {
          ...timeline,
          id: ids.timelines[index]!,
          components: timeline.components.map((component) =>
            'joined_right' in component
              ? {
                  ...component,
                  id: stored.get(component.id)!,
                  joined_right:
                    component.joined_right === null
                      ? null
                      : (stored.get(component.joined_right) ?? null),
                }
              : { ...component, id: stored.get(component.id)! },
          ),
        };
      }),
    };
    const jsonText = new TextEncoder().encode(JSON.stringify(json));
    let prepared: StoredViews['prepared'] = null;
    try {
      prepared = {
        gzip: gzipSync(encodePreparedPayload(json), { level: 6 }),
        version: PREPARED_PAYLOAD_VERSION,
      };
    } catch {
      // The viewer then opens the JSON, as it opens a local file.
    }
    return {
      jsonGzip: gzipSync(jsonText, { level: 6 }),
      jsonBytes: jsonText.length,
      prepared,
      tql: buildTqlIndex(
        document,
        { file: ids.file, timelines: ids.timelines, componentsOf: (index) => componentIds[index]! },
        title,
      ),
    };
  };
  return { rows, views };
}

/** Everything a .tla is stored as, at once (tests, and what has no use for the stages). */
export async function buildStoredForms(input: StoredFormsInput): Promise<StoredForms> {
  const built = buildStoredRows(input);
  const rows = await built.rows;
  return { ...rows, ...built.views() };
}
