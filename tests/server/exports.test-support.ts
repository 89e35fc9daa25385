/**
 * What the export tests compare with: a stored file's own components (read from its .tla as the
 * server stores it), each as the start, end and label the exports should carry, worked out here
 * from the components' fields, and readers of what the exports send.
 */
import { unzipSync, strFromU8 } from 'fflate';
import type { App } from '../../server/app';
import { harmonyLabel, keyFinder, keyLabel } from '../../src/shared/harmony/harmony-label';
import type { TlaDocument, TlaTimeline } from '../../src/shared/tla/tla-model';
import { readTla } from '../../src/shared/tla/tla-reader';
import type { ViewerFileJson } from '../../src/shared/api-types';

export type Span = [start: number, end: number, label: string];

/** A stored file's document and the database ids of its timelines, in the document's order. */
export async function storedDocument(
  app: App,
  fileId: number,
  headers: Record<string, string> = {},
): Promise<{ document: TlaDocument; timelineIds: number[]; duration: number }> {
  const tla = await app.inject({ url: `/api/v1/files/${fileId}/tla`, headers });
  const json = (
    await app.inject({ url: `/api/v1/files/${fileId}/json`, headers })
  ).json<ViewerFileJson>();
  const ids = [...json.timelines]
    .sort((a, b) => a.display_position - b.display_position)
    .map((t) => t.id);
  return {
    document: readTla(tla.rawPayload, 'stored.tla'),
    timelineIds: ids,
    duration: json.concrete_work.length,
  };
}

/** Where each time ends: the next later time, the last at the end of the recording. */
function nextTimes(times: number[], duration: number): number[] {
  return times.map((time) => {
    const later = times.filter((t) => t > time);
    return later.length > 0 ? Math.min(...later) : Math.max(duration, time);
  });
}

/** The spans a timeline's components should export as, sorted; beats' labels are checked apart. */
export function expectedSpans(timeline: TlaTimeline, duration: number): Span[] | null {
  const sorted = (spans: Span[]) =>
    spans.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2].localeCompare(b[2]));
  switch (timeline.kind) {
    case 'HIERARCHY_TIMELINE':
    case 'RANGE_TIMELINE':
      return sorted(timeline.components.map((c) => [c.start, c.end, c.label]));
    case 'MARKER_TIMELINE':
      return sorted(timeline.components.map((c) => [c.time, c.time, c.label]));
    case 'PDF_TIMELINE': {
      const ends = nextTimes(
        timeline.components.map((c) => c.time),
        duration,
      );
      return sorted(timeline.components.map((c, n) => [c.time, ends[n]!, `page ${c.pageNumber}`]));
    }
    case 'HARMONY_TIMELINE': {
      const keyAt = keyFinder(timeline.components);
      const chords = timeline.components.filter((c) => c.kind === 'HARMONY');
      const keys = timeline.components.filter((c) => c.kind === 'MODE');
      const chordEnds = nextTimes(
        chords.map((c) => c.time),
        duration,
      );
      const keyEnds = nextTimes(
        keys.map((c) => c.time),
        duration,
      );
      return sorted([
        ...chords.map((c, n): Span => [c.time, chordEnds[n]!, harmonyLabel(c, keyAt(c.time))]),
        ...keys.map((c, n): Span => [c.time, keyEnds[n]!, keyLabel(c)]),
      ]);
    }
    default:
      return null;
  }
}

/** Audacity's label track read back. */
export function parseAudacity(text: string): Span[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [start, end, label] = line.split('\t');
      return [Number(start), Number(end), label ?? ''];
    });
}

/** Times as Audacity's six decimals give them back. */
export const roundSpans = (spans: Span[]): Span[] =>
  spans.map(([s, e, l]) => [Math.round(s * 1e6) / 1e6, Math.round(e * 1e6) / 1e6, l]);

export function unzipTexts(body: Buffer): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(body))).map(([name, bytes]) => [
      name,
      strFromU8(bytes),
    ]),
  );
}
