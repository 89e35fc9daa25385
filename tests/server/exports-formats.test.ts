/**
 * The exports of the seeded K. 331 I (file 150) and of real desktop files, read back: Audacity
 * labels against the file's own components, Sonic Visualiser layers parsed as XML, JAMS against
 * the namespaces' value shapes, the Web Annotation collection's targets and links.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ingestTla } from '../../server/files/ingest/ingest.service';
import { isExportableTimeline } from '../../src/shared/exports/export-formats';
import { jamsFaults } from '../../src/shared/exports/jams-checks.test-support';
import { readSvLayer } from '../../src/shared/exports/sv-layer.test-support';
import { TimeMap } from '../../src/shared/time-map/time-map';
import { appSuite } from './support/suites';
import { testConfig } from './support/test-app';
import { databaseKinds } from './support/test-database';
import { addUser } from './support/users';
import {
  expectedSpans,
  parseAudacity,
  roundSpans,
  storedDocument,
  unzipTexts,
} from './exports.test-support';

const SITE = 'https://tilia.example.org';
const K331 = 150;

describe.each(databaseKinds)('exports on %s', (kind) => {
  const suite = appSuite(kind, { seed: true, config: () => testConfig({ PUBLIC_URL: SITE }) });
  const fixtureIds: Record<string, number> = {};

  beforeAll(async () => {
    const authorId = await addUser(suite.testDb.database.db, 'clara');
    for (const name of ['harmony-v0.6.4.tla', 'range-v0.7.0.tla', 'many-beats-v0.5.15.tla']) {
      const stored = await ingestTla(suite.testDb.database, {
        bytes: readFileSync(`tests/fixtures/tla/${name}`),
        fileName: name,
        authorId,
        isPublic: true,
      });
      fixtureIds[name] = stored.id;
    }
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    suite.app.inject({ url: `/api/v1/${url}`, headers });

  it('gives Audacity labels that read back as the components of every timeline of K. 331 I', async () => {
    const { document, timelineIds, duration } = await storedDocument(suite.app, K331);
    let checked = 0;
    for (const [index, timeline] of document.timelines.entries()) {
      const reply = await get(`files/${K331}/export/audacity?timeline=${timelineIds[index]}`);
      if (!isExportableTimeline(timeline)) {
        expect(reply.statusCode).toBe(400);
        continue;
      }
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
      const labels = parseAudacity(reply.body);
      const expected = expectedSpans(timeline, duration);
      if (expected) {
        expect(roundSpans(labels).sort()).toEqual(roundSpans(expected).sort());
      } else {
        // Beats: each at its time, labelled bar.beat, beat 1 exactly on the bars' first beats.
        expect(timeline.kind).toBe('BEAT_TIMELINE');
        if (timeline.kind !== 'BEAT_TIMELINE') continue;
        const map = TimeMap.of({
          beatTimes: timeline.components.map((c) => c.time),
          mediaLength: null,
          beatPattern: timeline.beatPattern,
          beatsInMeasure: timeline.beatsInMeasure,
          measureNumbers: timeline.measureNumbers,
        });
        expect(labels.length).toBe(timeline.components.length);
        for (const [start, end, label] of labels) {
          expect(end).toBe(start);
          expect(label).toMatch(/^\d+\.\d+$/);
          expect(label.endsWith('.1')).toBe(map!.isDownbeat(start));
        }
      }
      checked++;
    }
    // Measures, Phrases, Harmony, Cadences and the page turns.
    expect(checked).toBe(5);
  });

  it('zips one label track and one Sonic Visualiser layer per exportable timeline', async () => {
    const { document } = await storedDocument(suite.app, K331);
    const exportable = document.timelines.filter(isExportableTimeline);
    for (const format of ['audacity', 'sv'] as const) {
      const reply = await get(`files/${K331}/export/${format}`);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('application/zip');
      const entries = unzipTexts(reply.rawPayload);
      const extension = format === 'sv' ? 'svl' : 'txt';
      expect(Object.keys(entries)).toEqual(exportable.map((t) => `${t.name}.${extension}`));
      if (format === 'sv') {
        exportable.forEach((timeline) => {
          const layer = readSvLayer(entries[`${timeline.name}.svl`]!);
          expect(layer.points.length).toBe(timeline.components.length);
          const points = timeline.kind === 'BEAT_TIMELINE' || timeline.kind === 'MARKER_TIMELINE';
          expect(layer.layer.type).toBe(points ? 'timeinstants' : 'regions');
        });
      }
    }
  });

  it('gives K. 331 I as one JAMS document whose values all have their namespace shape', async () => {
    const reply = await get(`files/${K331}/export/jams`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toMatch(/^attachment; filename=".+\.jams"/);
    const jams = reply.json<{
      annotations: { namespace: string; data: unknown[]; sandbox: Record<string, number> }[];
    }>();
    expect(jamsFaults(jams)).toEqual([]);
    const namespaces = jams.annotations.map((a) => a.namespace);
    expect(namespaces).toEqual([
      'beat_position',
      'multi_segment',
      'chord_roman',
      'key_mode',
      'tag_open',
      'tag_open',
    ]);
    const { document } = await storedDocument(suite.app, K331);
    const harmony = document.timelines.find((t) => t.kind === 'HARMONY_TIMELINE')!;
    const chords = harmony.components.filter((c) => c.kind === 'HARMONY').length;
    const chordRoman = jams.annotations[2]!;
    // Every chord is written, or counted as what the namespace cannot say.
    expect(chordRoman.data.length + chordRoman.sandbox.left_out!).toBe(chords);
    expect(chordRoman.data.length).toBeGreaterThan(chords * 0.9);
  });

  it('exports real desktop files: harmony of 0.6.4 and ranges of 0.7', async () => {
    for (const [name, namespaces] of [
      ['harmony-v0.6.4.tla', ['chord_roman', 'key_mode']],
      ['range-v0.7.0.tla', ['tag_open', 'tag_open', 'beat_position', 'tag_open']],
    ] as const) {
      const id = fixtureIds[name]!;
      const jams = (await get(`files/${id}/export/jams`)).json<{
        annotations: { namespace: string }[];
      }>();
      expect(jamsFaults(jams), name).toEqual([]);
      expect(jams.annotations.map((a) => a.namespace)).toEqual(namespaces);
      const { document, timelineIds, duration } = await storedDocument(suite.app, id);
      for (const [index, timeline] of document.timelines.entries()) {
        const expected = isExportableTimeline(timeline) ? expectedSpans(timeline, duration) : null;
        if (!expected) continue;
        const reply = await get(`files/${id}/export/audacity?timeline=${timelineIds[index]}`);
        expect(roundSpans(parseAudacity(reply.body)).sort()).toEqual(roundSpans(expected).sort());
      }
    }
  });

  it('annotates every component on the recording, with the viewer at that moment as via', async () => {
    const reply = await get(`files/${K331}/export/webanno`, { host: 'attacker.example' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('application/ld+json');
    const collection = reply.json<{
      '@context': string;
      type: string;
      total: number;
      first: {
        items: { target: { source: { id: string }; selector: { value: string } }; via: string }[];
      };
    }>();
    const { document } = await storedDocument(suite.app, K331);
    const components = document.timelines
      .filter(isExportableTimeline)
      .reduce((sum, t) => sum + t.components.length, 0);
    expect(collection['@context']).toBe('http://www.w3.org/ns/anno.jsonld');
    expect(collection.type).toBe('AnnotationCollection');
    expect(collection.total).toBe(components);
    expect(collection.first.items.length).toBe(components);
    for (const item of collection.first.items) {
      expect(item.via).toMatch(new RegExp(`^${SITE}/viewer/${K331}\\?t=[\\d.]+&c=\\d+$`));
      expect(item.target.selector.value).toMatch(/^t=[\d.]+(,[\d.]+)?$/);
    }
    expect(reply.body).not.toContain('attacker.example');
  });

  it('streams a 1,000-beat timeline whole', async () => {
    const id = fixtureIds['many-beats-v0.5.15.tla']!;
    const jams = (await get(`files/${id}/export/jams`)).json<{
      annotations: { data: unknown[] }[];
    }>();
    expect(jamsFaults(jams)).toEqual([]);
    expect(jams.annotations[0]?.data.length).toBe(1000);
  });
});
