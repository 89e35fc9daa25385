import type { ExportFormat } from './export-formats';
import type { ExportFileFacts } from './export-source';
import type { ExportJob } from './export-job';
import { readTla } from '../tla/tla-reader';

export const SITE = 'https://tilia.example.org';

export const facts = (overrides: Partial<ExportFileFacts> = {}): ExportFileFacts => ({
  fileId: 7,
  title: 'Fixture',
  composer: 'Someone',
  artist: 'A Pianist',
  author: 'ana',
  duration: 60,
  mediaUrl: null,
  mediaType: 'audio',
  siteUrl: SITE,
  ...overrides,
});

/**
 * A job over a .tla's text with made-up database ids: timeline n (document order) is 100 + n,
 * its component m is 1000 * (n + 1) + m.
 */
export function jobFor(
  tla: string,
  format: ExportFormat,
  timelineId: number | null = null,
  file: Partial<ExportFileFacts> = {},
): ExportJob {
  const document = readTla(tla, 'fixture.tla');
  return {
    tla: new TextEncoder().encode(tla),
    fileName: 'fixture.tla',
    file: facts(file),
    format,
    timelineIds: document.timelines.map((_, n) => 100 + n),
    componentIds: document.timelines.map((timeline, n) =>
      timeline.components.map((_, m) => 1000 * (n + 1) + m),
    ),
    timelineId,
  };
}

/** An export's pieces joined. */
export function joined(chunks: Iterable<Uint8Array>): Uint8Array {
  const parts = [...chunks];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export const text = (chunks: Iterable<Uint8Array>) => new TextDecoder().decode(joined(chunks));
