/**
 * The seeded examples are recordings: their MP3 and score PDF are stored and served like uploaded
 * media, their Score timeline reads back from the database, seeding twice changes nothing, and a
 * data directory holding the old abstract examples (no media) is upgraded in place.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  abstractWorks,
  components,
  concreteWorks,
  files,
  timelines,
  users,
} from '../../server/db/schema';
import { ingestTla } from '../../server/files/ingest/ingest.service';
import { buildExampleAnalysis, exampleMetadata } from '../../server/seed/dcml-converter';
import { EXAMPLE_TIMELINE_KINDS } from '../../server/seed/example-timelines.test-support';
import { readExampleRecording } from '../../server/seed/example-media';
import { EXAMPLE_IDS, SEED_USER, seedExamples } from '../../server/seed/seed-examples';
import type { ViewerFileJson } from '../../src/shared/api-types';
import { readTla } from '../../src/shared/tla/tla-reader';
import { databaseKinds, type TestDatabase } from './support/test-database';
import { appSuite, databaseSuite } from './support/suites';

const K284_1 = buildExampleAnalysis('K284-1', 135, exampleMetadata()('K284-1'));

async function noteRowsOf(testDb: TestDatabase, fileId: number) {
  return testDb.database.db
    .select({ extra: components.extra, start: components.start })
    .from(components)
    .innerJoin(timelines, eq(timelines.id, components.timelineId))
    .where(
      and(
        eq(components.fileId, fileId),
        eq(timelines.kind, 'SCORE_TIMELINE'),
        eq(components.kind, 'NOTE'),
      ),
    );
}

describe.each(databaseKinds)('seeded examples on %s', (kind) => {
  const suite = appSuite(kind, { seed: 'with media' });

  it('serves each example with its recording and score PDF from MEDIA_BASE_URL', async () => {
    for (const id of EXAMPLE_IDS) {
      const json = (
        await suite.app.inject({ url: `/api/v1/files/${id}/json` })
      ).json<ViewerFileJson>();
      expect(json.concrete_work).toMatchObject({ type: 'audio', storage: 'staticfiles', start: 0 });
      expect(json.concrete_work.url).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{64}\.mp3$/);
      const audio = await suite.app.inject({ url: `/media/${json.concrete_work.url}` });
      expect(audio.statusCode).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/mpeg');
      const pdf = json.timelines.find((t) => t.kind === 'PDF_TIMELINE')!;
      expect(pdf.pdf_url).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.pdf$/);
      const pdfResponse = await suite.app.inject({ url: pdf.pdf_url });
      expect(pdfResponse.statusCode).toBe(200);
      expect(pdfResponse.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const k284 = (await suite.app.inject({ url: '/api/v1/files/135/json' })).json<ViewerFileJson>();
    const recording = readExampleRecording('K284-1');
    expect(k284.concrete_work.length).toBe(recording.manifest.seconds);
    const served = await suite.app.inject({ url: `/media/${k284.concrete_work.url}` });
    expect(Buffer.compare(served.rawPayload, readFileSync(recording.audioPath))).toBe(0);
    expect(k284.timelines.map((t) => t.kind)).toEqual(EXAMPLE_TIMELINE_KINDS);
  });

  it('stores the Score timeline with every note, as the .tla download holds it', async () => {
    const stored = await noteRowsOf(suite.testDb, 135);
    expect(stored).toHaveLength(K284_1.stats.notes);
    const first = stored.reduce((a, b) => ((a.start ?? 0) <= (b.start ?? 0) ? a : b));
    // K. 284 opens on a D major chord: D in the treble staff, the bass an octave and more below.
    expect(first.extra).toMatchObject({ step: 1, accidental: 0, color: null });
    const download = await suite.app.inject({ url: '/api/v1/files/135/tla' });
    const document = readTla(download.rawPayload, 'K284-1.tla');
    expect(document.mediaPath).toBe('K284-1.mp3');
    const score = document.timelines.find((t) => t.kind === 'SCORE_TIMELINE');
    expect(score?.components.filter((c) => c.kind === 'NOTE')).toHaveLength(stored.length);
  });

  it('changes nothing when seeded again', async () => {
    const count = async () =>
      (await suite.testDb.database.db.select({ n: sql<number>`count(*)::int` }).from(components))[0]
        ?.n;
    const before = await count();
    expect(
      await seedExamples(suite.testDb.database, {
        mediaDir: suite.config.mediaDir,
        mediaBaseUrl: '/media/',
      }),
    ).toEqual([]);
    expect(await count()).toBe(before);
  });
});

describe.each(databaseKinds)('a data directory with the old abstract examples, on %s', (kind) => {
  const suite = databaseSuite(kind);

  it('is upgraded in place: same ids and titles, with media; nothing else is touched', async () => {
    const db = suite.testDb.database.db;
    await db.insert(users).values([
      {
        id: SEED_USER.id,
        username: 'tilia',
        email: '',
        firstName: '',
        lastName: '',
        isActive: true,
      },
      {
        id: 2,
        username: 'clara',
        email: 'clara@example.org',
        firstName: '',
        lastName: '',
        isActive: true,
      },
    ]);
    // The examples as earlier versions stored them: no media, so storage 'abstract'.
    const metadata = exampleMetadata();
    const oldTitles = new Map<number, string>();
    for (const id of EXAMPLE_IDS) {
      const piece = id === 135 ? 'K284-1' : 'K284-2';
      const analysis = id === 135 ? K284_1 : buildExampleAnalysis(piece, id, metadata(piece));
      const stored = await ingestTla(suite.testDb.database, {
        bytes: new TextEncoder().encode(analysis.tlaText),
        fileName: `${piece}.tla`,
        authorId: SEED_USER.id,
        isPublic: true,
        fixedId: id,
      });
      oldTitles.set(id, stored.title);
    }
    const users2 = await ingestTla(suite.testDb.database, {
      bytes: readFileSync('tests/fixtures/tla/harmony-v0.6.4.tla'),
      fileName: 'harmony-v0.6.4.tla',
      authorId: 2,
      isPublic: false,
    });
    const theirs = async () =>
      db.select().from(components).where(eq(components.fileId, users2.id)).orderBy(components.id);
    const before = await theirs();

    const upgraded = await seedExamples(suite.testDb.database);
    expect([...upgraded].sort()).toEqual([...EXAMPLE_IDS].sort());
    const rows = await db
      .select({ id: files.id, author: files.authorId, name: files.originalName })
      .from(files)
      .orderBy(files.id);
    expect(rows.map((r) => r.id)).toEqual(
      [...[...EXAMPLE_IDS].sort((a, b) => a - b), users2.id].sort((a, b) => a - b),
    );
    const k284 = rows.find((r) => r.id === 135);
    expect(k284?.name).toBe('K284-1.tla');
    const works = await db
      .select({ id: files.id, title: abstractWorks.title, storage: concreteWorks.storage })
      .from(files)
      .innerJoin(concreteWorks, eq(concreteWorks.id, files.concreteWorkId))
      .innerJoin(abstractWorks, eq(abstractWorks.id, concreteWorks.abstractWorkId))
      .where(eq(files.authorId, SEED_USER.id));
    expect(works).toHaveLength(EXAMPLE_IDS.length);
    for (const work of works) expect(work.storage).toBe('staticfiles');
    expect(works.find((work) => work.id === 135)?.title).toBe(oldTitles.get(135));
    expect(await theirs()).toEqual(before);
    expect(await seedExamples(suite.testDb.database)).toEqual([]);
  }, 120_000); // stores 21 files and seeds 18 examples: about 25 s on an idle machine
});
