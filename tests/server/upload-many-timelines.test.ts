import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { timelines } from '../../server/db/schema';
import type { UploadResponseJson } from '../../src/shared/api-types';
import { databaseKinds } from './support/test-database';
import { upload, uploadSuite } from './support/upload-helpers';

const COUNT = 3_000;

/** A name with each character COPY's text format escapes, and some it does not. */
const nameOf = (t: number) => `Tab\there, line\nbreak, back\\slash, "quote", ünïcödé ${t}`;

/** Timeline `t` of the file: markers, beats, harmonies and hierarchies in turn. */
function timelineOf(t: number): Record<string, unknown> {
  const common = { name: nameOf(t), height: 20 + (t % 7) / 4, is_visible: t % 5 !== 0 };
  switch (t % 4) {
    case 0:
      return {
        ...common,
        kind: 'MARKER_TIMELINE',
        ordinal: t + 1,
        components: {
          [`m${t}`]: { kind: 'MARKER', time: t % 50, label: `M\t${t}`, comments: '', color: null },
        },
      };
    case 1:
      return {
        ...common,
        kind: 'BEAT_TIMELINE',
        ordinal: t + 1,
        beat_pattern: [3, 4],
        measure_numbers: [0, 1, 2],
        beats_in_measure: [3, 4, 3],
        measures_to_force_display: [t % 3],
        components: { [`b${t}`]: { kind: 'BEAT', time: 1 } },
      };
    case 2:
      return {
        ...common,
        kind: 'HARMONY_TIMELINE',
        ordinal: t + 1,
        level_height: 30,
        level_count: 2,
        visible_level_count: 1,
        components: {},
      };
    default:
      return { ...common, kind: 'HIERARCHY_TIMELINE', ordinal: t + 1, components: {} };
  }
}

function manyTimelinesTla(): Buffer {
  const all: Record<string, unknown> = {};
  for (let t = 0; t < COUNT; t++) all[String(t)] = timelineOf(t);
  return Buffer.from(
    JSON.stringify({
      file_path: '',
      media_path: '',
      media_metadata: { title: 'Many timelines', 'media length': 200 },
      timelines: all,
      app_name: 'TiLiA',
      version: '0.7.0',
    }),
  );
}

describe.each(databaseKinds)('an upload of many timelines on %s', (kind) => {
  const suite = uploadSuite(kind);

  it(`stores all ${COUNT} timelines with their fields intact`, async () => {
    const response = await upload(suite.app, suite.ana, [
      { name: 'many.tla', bytes: manyTimelinesTla() },
    ]);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
    const fileId = response.json<UploadResponseJson>().files[0]!.id;
    const stored = await suite.testDb.database.db
      .select()
      .from(timelines)
      .where(eq(timelines.fileId, fileId))
      .orderBy(asc(timelines.displayPosition));
    expect(stored).toHaveLength(COUNT);
    stored.forEach((row, t) => {
      const kinds = ['MARKER_TIMELINE', 'BEAT_TIMELINE', 'HARMONY_TIMELINE', 'HIERARCHY_TIMELINE'];
      expect(row).toMatchObject({
        kind: kinds[t % 4],
        kindName: kinds[t % 4],
        isKnownKind: true,
        name: nameOf(t),
        ordinal: t + 1,
        displayPosition: t,
        isVisible: t % 5 !== 0,
        height: 20 + (t % 7) / 4,
        // The components' trigger counts what a search finds: the one marker, the one beat.
        searchCount: t % 4 < 2 ? 1 : 0,
        pdfPath: null,
      });
      if (t % 4 === 1) {
        expect(row).toMatchObject({
          beatPattern: [3, 4],
          measureNumbers: [0, 1, 2],
          beatsInMeasure: [3, 4, 3],
          measuresToForceDisplay: [t % 3],
        });
      } else {
        expect(row.beatPattern).toBeNull();
      }
      if (t % 4 === 2) {
        expect(row).toMatchObject({ levelHeight: 30, levelCount: 2, visibleLevelCount: 1 });
      } else {
        expect(row.levelCount).toBeNull();
      }
    });
  }, 120_000);
});
