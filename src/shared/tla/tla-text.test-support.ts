import { readTla } from './tla-reader';
import type { TlaDocument } from './tla-model';

/**
 * Small .tla texts in the desktop's shape, for the reader's tests (tla-reader-*.test.ts).
 */

/** A .tla around these timelines, written like json.dump(indent=2). */
export function tlaText(
  timelines: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): string {
  const document = {
    file_path: '',
    media_path: '',
    media_metadata: { title: 'Test', notes: '', 'media length': 60 },
    timelines,
    app_name: 'TiLiA',
    version: '0.5.14',
    ...extra,
  };
  return JSON.stringify(document, null, 2);
}

/** What readTla makes of a .tla around these timelines (tlaText), for tests that vary only them. */
export function readTimelines(
  timelines: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): TlaDocument {
  return readTla(tlaText(timelines, extra), 'timelines.tla');
}

export function marker(time: number, label: string): Record<string, unknown> {
  return { time, comments: '', label, color: null, kind: 'MARKER' };
}

export function markerTimeline(ordinal: unknown, components: Record<string, unknown> = {}) {
  return { kind: 'MARKER_TIMELINE', name: 'm', height: 30, is_visible: true, ordinal, components };
}
