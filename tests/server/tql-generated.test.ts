import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponseJson } from '../../src/shared/api-types';
import type { TqlRow } from '../../src/shared/exports/tql-exports';
import { parseTql } from '../../src/shared/tql/tql-parser';
import { narrowingOf } from '../../server/tql/tql-narrowing';
import { rowsOf } from '../../server/db/sql-values';
import { rowShapeOf } from '../../server/tql/tql-rows';
import { narrowFiles, queryableFiles } from '../../server/tql/tql.repository';
import { databaseKinds } from './support/test-database';
import { tqlQuery, unnarrowed } from './support/tql-query';
import { upload, uploadSuite } from './support/upload-helpers';

/**
 * The narrowing's SQL against the evaluator on generated files (desktop 0.7 saves): irregular
 * beats and bars, markers on, near and just off bar starts, ties, hierarchies with holes and
 * levels, colours. Every query answers through the API (narrowed, a chunk at a time) exactly as
 * the evaluator does over every file loaded whole; and a marker just off a bar's start tells
 * `[downbeat]`'s snap distance.
 */

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Components = Record<string, Record<string, unknown>>;

/** A desktop 0.7 save of the given timelines (each `[fields, components]`). */
function tla(title: string, length: number, timelines: [Record<string, unknown>, Components][]) {
  let next = 1000;
  const all: Record<string, unknown> = {};
  timelines.forEach(([fields, components], index) => {
    const own: Components = {};
    for (const component of Object.values(components)) own[String(next++)] = component;
    all[String(next++)] = {
      ...fields,
      height: 40,
      is_visible: true,
      ordinal: index + 1,
      hash: '',
      components_hash: '',
      components: own,
    };
  });
  const document = {
    file_path: '',
    media_path: '',
    media_metadata: { title, 'media length': length },
    timelines: all,
    timelines_hash: '',
    app_name: 'TiLiA',
    version: '0.7.0',
  };
  return Buffer.from(JSON.stringify(document));
}

const marker = (time: number, label: string, color: string | null = null) => ({
  time,
  label,
  color,
  comments: '',
  kind: 'MARKER',
  hash: '',
});

const section = (start: number, end: number, level: number, label: string, color = '') => ({
  start,
  pre_start: start,
  end,
  post_end: end,
  level,
  label,
  color,
  formal_type: '',
  formal_function: '',
  comments: '',
  parent: null,
  children: [],
  kind: 'HIERARCHY',
  hash: '',
});

const beatTimeline = (times: number[], pattern: number): [Record<string, unknown>, Components] => [
  {
    kind: 'Beat',
    name: 'Beats',
    beat_pattern: [pattern],
    measure_numbers: [],
    beats_in_measure: [],
    measures_to_force_display: [],
  },
  Object.fromEntries(times.map((time, i) => [String(i), { time, kind: 'BEAT', hash: '' }])),
];

// Subtypes: 'PAC.1' is a PAC (its head) and a PAC.1; 'hc.b' an HC.
const CADENCES = ['HC', 'PAC', 'IAC', 'PAC', 'HC', 'PAC.1', 'hc.b'];
const SECTIONS = ['exposition', 'development', 'coda', 'verse', 'chorus'];
const COLORS = ['#e07a5f', '', '#E07A5F', 'pink', '#3d405b'];

/** One generated file: seed n. Every fifth has no beats (no time map: it warns). */
function generated(n: number): Buffer {
  const next = random(n * 7919 + 1);
  const pickOf = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const pattern = pickOf([3, 4]);
  const beats: number[] = [];
  let time = pickOf([0, 0.3]);
  // Beats over about two thirds of the file: later cadences are off the map.
  for (let i = 0; i < 36; i++) {
    beats.push(Math.round(time * 100) / 100);
    time += pickOf([0.5, 0.5, 0.6, 0.75]);
  }
  const bars = beats.filter((_, i) => i % pattern === 0);
  const markers: Components = {};
  // Some files have few cadences, far apart: the narrowing leaves those out.
  const cadences = pickOf([3, 8, 16]);
  for (let i = 0; i < cadences; i++) {
    const at =
      next() < 0.6
        ? pickOf(bars) + pickOf([0, 0.05, -0.05, 0.12, -0.12, 0.3])
        : Math.round(next() * 3000) / 100;
    markers[String(i)] = marker(Math.max(0, Math.round(at * 100) / 100), pickOf(CADENCES));
    // A tie now and then: two markers at one time.
    if (next() < 0.1) markers[`${i}t`] = marker(Math.max(0, at), pickOf(CADENCES));
  }
  const sections: Components = {};
  let start = 0;
  let count = 0;
  while (start < 30) {
    const end = start + pickOf([2, 3, 4.5, 6]);
    sections[String(count++)] = section(start, end, 1, pickOf(SECTIONS), pickOf(COLORS));
    if (next() < 0.3) {
      // A unit of level 2 over this one and the next stretch.
      sections[String(count++)] = section(start, end + 2, 2, pickOf(SECTIONS), pickOf(COLORS));
    }
    start = end + pickOf([0, 0, 0.05, 0.5, 1.5]);
  }
  const timelines: [Record<string, unknown>, Components][] = [
    [{ kind: 'Hierarchy', name: 'Form' }, sections],
    [{ kind: 'Marker', name: 'Cadences' }, markers],
  ];
  if (n % 5 !== 4) timelines.push(beatTimeline(beats, pattern));
  return tla(`generated ${n}`, 36, timelines);
}

/** Bars every four beats of one second: a PAC on a bar, just inside and just off its snap. */
function snapped(): Buffer {
  const beats = Array.from({ length: 16 }, (_, i) => i);
  const markers: Components = {
    a: marker(2, 'PAC'),
    b: marker(4.05, 'PAC'),
    c: marker(8.15, 'PAC'),
    d: marker(12, 'PAC'),
    e: marker(11.92, 'HC'),
  };
  return tla('snapped', 16, [
    [{ kind: 'Marker', name: 'Cadences' }, markers],
    beatTimeline(beats, 4),
  ]);
}

/** The same bars, an HC and a PAC on either side of a bar's start: the gap holds one start. */
function across(): Buffer {
  const markers: Components = { a: marker(7.85, 'HC'), b: marker(8.15, 'PAC') };
  return tla('across', 16, [
    [{ kind: 'Marker', name: 'Cadences' }, markers],
    beatTimeline(
      Array.from({ length: 16 }, (_, i) => i),
      4,
    ),
  ]);
}

/** The same bars, an HC and a PAC by the map's end (16 s), and a pair after it (off the map). */
function ending(): Buffer {
  const markers: Components = {
    a: marker(15.6, 'HC'),
    b: marker(16.08, 'PAC'),
    c: marker(16.2, 'HC'),
    d: marker(16.3, 'PAC'),
  };
  return tla('ending', 20, [
    [{ kind: 'Marker', name: 'Cadences' }, markers],
    beatTimeline(
      Array.from({ length: 16 }, (_, i) => i),
      4,
    ),
  ]);
}

/**
 * A coda covered by two shorter units of its own level: no stretch of the level's lane is the
 * coda's, so no relation finds it (the rows from SQL leave such a file to the evaluator).
 */
function shadowed(): Buffer {
  return tla('shadowed', 12, [
    [
      { kind: 'Hierarchy', name: 'Form' },
      {
        a: section(0, 10, 1, 'coda'),
        b: section(0, 5, 1, 'exposition'),
        c: section(5, 10, 1, 'development'),
      },
    ],
    [
      { kind: 'Marker', name: 'Cadences' },
      { a: marker(3, 'PAC'), b: marker(7, 'HC') },
    ],
  ]);
}

const FILES = 20;

/** Queries whose narrowing reads the SQL of pairs, gaps WITHIN a distance, edges and units. */
const QUERIES = [
  'HC IN cadences BEFORE PAC IN cadences WITHIN 2 bars',
  'HC IN cadences BEFORE PAC IN cadences WITHIN 1 bar',
  'HC IN cadences BEFORE PAC IN cadences WITHIN 0.5 bars',
  'PAC IN cadences AFTER HC IN cadences WITHIN 1.5 bars',
  'HC IN cadences STARTS BEFORE PAC IN cadences WITHIN 1 bar',
  'PAC IN cadences STARTS AFTER HC IN cadences WITHIN 2 bars',
  'HC IN cadences BEFORE PAC IN cadences WITHIN 3 s',
  'PAC IN cadences AFTER IAC IN cadences WITHIN 1.2 s',
  'HC IN cadences BEFORE PAC IN cadences WITHIN 2 beats',
  'exposition BEFORE coda WITHIN 4 s',
  'exposition IN form BEFORE PAC IN cadences WITHIN 1 bar',
  'HC THEN PAC IN cadences',
  'PAC THEN PAC IN cadences',
  '* THEN HC IN cadences',
  'HC THEN * IN cadences',
  'HC THEN PAC',
  '[color = "#e07a5f"] THEN coda',
  'coda THEN [color = pink]',
  'exposition THEN development IN form',
  'verse THEN chorus',
  'PAC IN cadences DURING exposition IN form',
  '* IN cadences ENDS coda IN form',
  'PAC IN cadences SAME START verse IN form',
  'HC IN cadences OVERLAPS chorus IN form',
  'STARTS WITH exposition IN form',
  'ENDS WITH coda IN form',
  'ENDS WITH PAC IN cadences',
  'PAC[downbeat] IN cadences',
  'HC[downbeat] THEN PAC IN cadences',
  'coda[color = "#e07a5f"]',
  // Rows from SQL (tql-rows.ts): two plain steps in marker lanes; then near shapes it leaves out.
  'HC OR IAC THEN PAC IN cadences',
  'PAC.1 THEN HC IN cadences',
  'hc THEN pac.1 IN cadence',
  'HC.b THEN * IN markers',
  '* THEN * IN cadences',
  'IAC THEN PAC OR PAC.1 IN marker',
  'PAC/HC THEN HC IN cadences',
  '@HC THEN PAC IN cadences',
  'HC THEN PAC+ IN cadences',
  'HC IN cadences STARTS verse IN form',
  'PAC OR IAC IN cadences DURING * IN form',
  '* IN markers STARTS development OR chorus IN form',
  'PAC.1 IN cadence ENDS exposition IN form',
  'PAC IN cadences DURING coda IN form',
  '* IN cadences ENDS * IN form',
  'PAC IN cadences DURING exposition IN form WITHIN 1 s',
  'PAC IN cadences NOT DURING coda IN form',
];

/** Queries answered with rows from SQL, asked with small limits: the rows and where they stop. */
const LIMITED = [
  'HC THEN PAC IN cadences',
  '* THEN * IN cadences',
  'PAC.1 THEN HC IN cadences',
  '* IN cadences DURING * IN form',
  '* IN cadences ENDS * IN form',
];

describe.each(databaseKinds)('TQL narrowing on generated files, %s', (kind) => {
  const suite = uploadSuite(kind);
  let snappedId = 0;

  beforeAll(async () => {
    const files = [
      ...Array.from({ length: FILES }, (_, n) => ({ name: `g${n}.tla`, bytes: generated(n) })),
      { name: 'snapped.tla', bytes: snapped() },
      { name: 'across.tla', bytes: across() },
      { name: 'ending.tla', bytes: ending() },
      { name: 'shadowed.tla', bytes: shadowed() },
    ];
    for (const file of files) {
      const response = await upload(suite.app, suite.ana, [file], { is_public: 'true' });
      expect(response.statusCode, response.body).toBe(201);
      if (file.name === 'snapped.tla') snappedId = response.json<UploadResponseJson>().files[0]!.id;
    }
  }, 120_000);

  it.each(QUERIES)('%s answers as over every file', async (text) => {
    const answer = await tqlQuery(suite, text);
    const expected = await unnarrowed(suite, text);
    expect(answer.rows).toEqual(expected.rows);
    expect(answer.warnings).toEqual(expected.warnings);
  });

  it.each(LIMITED.flatMap((text) => [1, 3, 10, 40].map((limit) => [text, limit] as const)))(
    '%s with limit %i stops as the evaluator does',
    async (text, limit) => {
      expect(rowShapeOf(parseTql(text))).not.toBeNull();
      const answer = await tqlQuery(suite, text, { limit });
      const expected = await unnarrowed(suite, text, limit + 1);
      expect(answer.rows).toEqual(expected.rows.slice(0, limit));
      expect(answer.stopped).toBe(expected.rows.length > limit ? 'limit' : null);
    },
  );

  it('narrows a gap WITHIN bars to the files holding such a pair, and finds rows', async () => {
    const text = 'HC IN cadences BEFORE PAC IN cadences WITHIN 0.5 bars';
    const db = suite.testDb.database.db;
    const narrowing = narrowingOf(parseTql(text), text);
    expect(narrowing.pairs.some((pair) => pair.type === 'relation' && pair.within)).toBe(true);
    const candidates = await queryableFiles(db, null, null, narrowing);
    const held = await narrowFiles(db, candidates, narrowing);
    expect(held.length).toBeLessThan(candidates.length);
    expect((await tqlQuery(suite, text)).rows.length).toBeGreaterThan(0);
  });

  it('matches the files of an older index (summaries not written yet) with the evaluator', async () => {
    const db = suite.testDb.database.db;
    const first = Number(
      rowsOf(await db.execute(sql`SELECT min(file_id) AS id FROM tql_files`))[0]!.id,
    );
    // As before the backfill: an older version, whose summaries hold no units.
    await db.execute(
      sql`UPDATE tql_files SET index_version = index_version - 1 WHERE file_id = ${first}`,
    );
    await db.execute(sql`UPDATE tql_labels SET units = '{}' WHERE file_id = ${first}`);
    try {
      for (const text of [
        'PAC OR HC IN cadences DURING * IN form',
        'HC IN cadences ENDS * IN form',
      ]) {
        expect(rowShapeOf(parseTql(text))?.type).toBe('marker relation');
        const answer = await tqlQuery(suite, text);
        expect(answer.rows).toEqual((await unnarrowed(suite, text)).rows);
        expect(answer.rows.some((row) => (row as TqlRow).file.id === first)).toBe(true);
      }
    } finally {
      await db.execute(
        sql`UPDATE tql_files SET index_version = index_version + 1 WHERE file_id = ${first}`,
      );
    }
  });

  it("tells [downbeat]'s snap: a PAC 0.05 s after a bar's start is on it, 0.15 s is not", async () => {
    const answer = await tqlQuery(suite, 'PAC[downbeat] IN cadences', { files: [snappedId] });
    const starts = answer.rows.map((row) => (row as TqlRow).start);
    expect(starts).toEqual([4.05, 12]);
    const near = await tqlQuery(suite, 'HC[downbeat] IN cadences', { files: [snappedId] });
    expect(near.rows.map((row) => (row as TqlRow).start)).toEqual([11.92]);
  });
});
