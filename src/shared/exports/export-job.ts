/**
 * Reading a stored .tla and formatting it, behind one function over plain data: `exportChunks`
 * yields the export's bytes a piece at a time, so a caller can stream them (the route does) or
 * run the whole job on a worker thread and pass the pieces on.
 */
import { Zip, ZipDeflate } from 'fflate';
import { readTla } from '../tla/tla-reader';
import { audacityLabels } from './audacity-labels';
import { isExportableTimeline, EXPORT_FORMAT_INFO, type ExportFormat } from './export-formats';
import { uniqueEntryNames } from './export-names';
import type { ExportFileFacts, ExportSource, ExportTimeline } from './export-source';
import { jamsDocument } from './jams-document';
import { svLayer } from './sv-layer';
import { timelineItems } from './timeline-items';
import { webAnnotationCollection } from './web-annotation';

export interface ExportJob {
  /** The .tla as uploaded (decompressed). */
  tla: Uint8Array;
  /** The uploaded file's name, for a read error's message. */
  fileName: string;
  file: ExportFileFacts;
  format: ExportFormat;
  /** The database ids of the document's timelines, in the document's order (as stored). */
  timelineIds: readonly number[];
  /** The database ids of each timeline's components, position for position. */
  componentIds: readonly (readonly number[])[];
  /** The one timeline to export (its database id), or null for every exportable one. */
  timelineId: number | null;
}

/** The source a job's formatter reads: the document's exportable timelines, or the one asked. */
export function exportSource(job: ExportJob): ExportSource {
  const document = readTla(job.tla, job.fileName);
  const timelines: ExportTimeline[] = [];
  document.timelines.forEach((timeline, index) => {
    const id = job.timelineIds[index];
    if (id === undefined || !isExportableTimeline(timeline)) return;
    if (job.timelineId !== null && id !== job.timelineId) return;
    timelines.push({ id, timeline, componentIds: job.componentIds[index] ?? [] });
  });
  return { file: job.file, timelines };
}

/** One timeline's file in a per-timeline format. */
function timelineText(format: 'audacity' | 'sv', entry: ExportTimeline, duration: number) {
  const items = timelineItems(entry.timeline, duration);
  if (format === 'audacity') return audacityLabels(items);
  const spans =
    entry.timeline.kind !== 'MARKER_TIMELINE' && entry.timeline.kind !== 'BEAT_TIMELINE';
  return svLayer(items, { name: entry.timeline.name, spans });
}

/** A zip of one file per timeline, the archive's bytes handed on as fflate makes them. */
function* zipOfTimelines(format: 'audacity' | 'sv', source: ExportSource): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  const pending: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else pending.push(data);
  });
  const drain = function* () {
    if (failure) throw failure;
    yield* pending.splice(0);
  };
  const names = uniqueEntryNames(
    source.timelines.map((entry) => entry.timeline.name),
    EXPORT_FORMAT_INFO[format].extension,
  );
  for (const [index, entry] of source.timelines.entries()) {
    const file = new ZipDeflate(names[index]!, { level: 6 });
    zip.add(file);
    for (const text of timelineText(format, entry, source.file.duration)) {
      file.push(encoder.encode(text));
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/**
 * The export of a stored file, as bytes a piece at a time: reads the .tla when first asked for
 * a piece, then formats. `job.timelineId` must name an exportable timeline of the file, or be
 * null (the caller checks it against the stored timelines first).
 */
export function* exportChunks(job: ExportJob): Generator<Uint8Array> {
  const source = exportSource(job);
  const encoder = new TextEncoder();
  const encoded = function* (texts: Iterable<string>) {
    for (const text of texts) yield encoder.encode(text);
  };
  switch (job.format) {
    case 'jams':
      yield* encoded(jamsDocument(source));
      return;
    case 'webanno':
      yield* encoded(webAnnotationCollection(source, job.timelineId));
      return;
    case 'audacity':
    case 'sv': {
      const only = source.timelines[0];
      if (job.timelineId !== null && only) {
        yield* encoded(timelineText(job.format, only, source.file.duration));
      } else {
        yield* zipOfTimelines(job.format, source);
      }
      return;
    }
    default: {
      const unreachable: never = job.format;
      throw new Error(`unknown format ${String(unreachable)}`);
    }
  }
}
