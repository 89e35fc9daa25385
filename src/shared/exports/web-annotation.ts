/**
 * A file's components as a W3C Web Annotation collection (JSON-LD, Web Annotation Data Model):
 * an AnnotationCollection whose first AnnotationPage holds every annotation. Each annotation's
 * body is the component's label (a TextualBody) and its comments as a second body when it has
 * any; its target is the recording (the viewer when the file has none) narrowed by a Media
 * Fragments selector `t=start,end`; `via` is the viewer at that moment with the component chosen.
 */
import { ITEMS_PER_CHUNK } from './audacity-labels';
import type { ExportFileFacts, ExportSource } from './export-source';
import { viewerUrl } from './export-source';
import { timelineItems, type ExportItem } from './timeline-items';

export const ANNO_CONTEXT = 'http://www.w3.org/ns/anno.jsonld';
export const MEDIA_FRAGMENTS = 'http://www.w3.org/TR/media-frags/';

/**
 * Media Fragments' temporal interval in seconds. A point has no end: Media Fragments holds no
 * empty interval, so a moment is written `t=12.5`, its start.
 */
export function mediaFragment(start: number, end: number, point: boolean): string {
  const seconds = (value: number) => String(Math.round(Math.max(0, value) * 1000) / 1000);
  return point || end <= start ? `t=${seconds(start)}` : `t=${seconds(start)},${seconds(end)}`;
}

export interface WebAnnotationUnit {
  /** The annotation's IRI. */
  id: string;
  label: string;
  comments: string;
  start: number;
  end: number;
  point: boolean;
  /** The viewer at this moment. */
  via: string;
  /** What the annotation is on: the recording, or the viewer's page of the file. */
  source: string;
  /** 'Sound', 'Video', or null for a web page. */
  sourceType: 'Sound' | 'Video' | null;
}

export function annotationJson(unit: WebAnnotationUnit) {
  const body = [
    { type: 'TextualBody', value: unit.label, format: 'text/plain', purpose: 'describing' },
  ];
  if (unit.comments.trim()) {
    body.push({
      type: 'TextualBody',
      value: unit.comments,
      format: 'text/plain',
      purpose: 'commenting',
    });
  }
  return {
    id: unit.id,
    type: 'Annotation',
    motivation: 'describing',
    body,
    target: {
      source: unit.sourceType
        ? { id: unit.source, type: unit.sourceType }
        : { id: unit.source, type: 'Text', format: 'text/html' },
      selector: {
        type: 'FragmentSelector',
        conformsTo: MEDIA_FRAGMENTS,
        value: mediaFragment(unit.start, unit.end, unit.point),
      },
    },
    via: unit.via,
  };
}

/** The collection's JSON around its items, as text chunks; `items` come a chunk at a time. */
export function* collectionText(
  header: { id: string; label: string; total: number },
  items: Iterable<WebAnnotationUnit>,
): Generator<string> {
  const collection = {
    '@context': ANNO_CONTEXT,
    id: header.id,
    type: 'AnnotationCollection',
    label: header.label,
    total: header.total,
  };
  yield (
    JSON.stringify(collection).slice(0, -1) +
    `,"first":{"id":${JSON.stringify(`${header.id}#page-1`)},"type":"AnnotationPage",` +
    `"startIndex":0,"items":[`
  );
  let batch: string[] = [];
  let first = true;
  for (const unit of items) {
    batch.push(JSON.stringify(annotationJson(unit)));
    if (batch.length === ITEMS_PER_CHUNK) {
      yield (first ? '\n' : ',\n') + batch.join(',\n');
      first = false;
      batch = [];
    }
  }
  if (batch.length > 0) yield (first ? '\n' : ',\n') + batch.join(',\n');
  yield ']}}\n';
}

/** Where annotations of the file point: the recording, or the viewer when there is none. */
export function annotatedSource(
  file: ExportFileFacts,
): Pick<WebAnnotationUnit, 'source' | 'sourceType'> {
  if (!file.mediaUrl) return { source: `${file.siteUrl}/viewer/${file.fileId}`, sourceType: null };
  return { source: file.mediaUrl, sourceType: file.mediaType === 'video' ? 'Video' : 'Sound' };
}

/** The IRI the collection is served at: the export route of the file (one timeline or all). */
export function collectionId(file: ExportFileFacts, timelineId: number | null): string {
  const route = `${file.siteUrl}/api/v1/files/${file.fileId}/export/webanno`;
  return timelineId === null ? route : `${route}?timeline=${timelineId}`;
}

/** The file (or the one timeline in `source.timelines`) as an annotation collection. */
export function webAnnotationCollection(
  source: ExportSource,
  timelineId: number | null,
): Generator<string> {
  const { file } = source;
  const target = annotatedSource(file);
  const perTimeline = source.timelines.map((entry) => ({
    entry,
    items: timelineItems(entry.timeline, file.duration),
  }));
  const total = perTimeline.reduce((sum, { items }) => sum + items.length, 0);
  const id = collectionId(file, timelineId);
  function* units(): Generator<WebAnnotationUnit> {
    for (const { entry, items } of perTimeline) {
      for (const item of items as ExportItem[]) {
        const componentId = entry.componentIds[item.index];
        yield {
          id: `${id}#component-${componentId ?? `${entry.id}-${item.index}`}`,
          label: item.label,
          comments: item.comments,
          start: item.start,
          end: item.end,
          point: item.point,
          via: viewerUrl(file, item.start, componentId),
          ...target,
        };
      }
    }
  }
  return collectionText({ id, label: file.title, total }, units());
}
