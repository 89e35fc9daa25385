import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponseJson } from '../../src/shared/api-types';
import { parseTql } from '../../src/shared/tql/tql-parser';
import { TQL_INDEX_VERSION } from '../../server/tql/tql-index';
import { narrowingOf } from '../../server/tql/tql-narrowing';
import { narrowFiles, queryableFiles } from '../../server/tql/tql.repository';
import { databaseKinds } from './support/test-database';
import { tqlQuery, unnarrowed } from './support/tql-query';
import { upload, uploadSuite } from './support/upload-helpers';

/**
 * The database narrows a query's files before loading them (server/tql/tql-narrowing.ts): every
 * query answers exactly as the evaluator does over every file, unnarrowed, and the queries whose
 * steps cannot be narrowed (zero-width quantifiers, regexes, negations, de Clercq categories,
 * case-different labels, WITHIN) still find their rows.
 */
const dir = new URL('../fixtures/tql/', import.meta.url);
const fixtures = readdirSync(dir).filter((name) => name.endsWith('.tla'));

/** Queries whose rows must be found although a step of each is not narrowed, or is loosely. */
const MUST_FIND = [
  // A zero-width quantifier between two steps: no pair across it.
  'chorus THEN verse? THEN bridge',
  'verse THEN refrain? THEN bridge',
  // A regex, a negation and a step of any label beside a narrowed one.
  '/^ch/ THEN bridge',
  'NOT verse THEN bridge',
  '* THEN outro',
  // De Clercq: 'chorus?' is the category chorus.
  'refrain THEN bridge THEN chorus',
  // Case and Unicode folding.
  'VERSE THEN Chorus IN form',
  '主歌 THEN STRASSE',
  // Hierarchy levels: neighbours of a level above the lowest.
  'MT THEN TR THEN ST IN form',
  'verse+ THEN chorus',
  // Markers, in their lane and in the default lanes; WITHIN on a marker lane.
  'HC THEN PAC IN cadences',
  'HC THEN EC IN cadences WITHIN 20 s',
  'HC THEN PAC',
  'n1 THEN n2 IN markers',
  // The whole-lane orders: a lane's first or last entry (a level above the lowest for MT).
  'STARTS WITH presentation IN form',
  'STARTS WITH MT IN form',
  'STARTS WITH intro THEN verse',
  'ENDS WITH outro',
  'ENDS WITH PAC IN cadences',
  // A file field holding a text; files without the field warn.
  'phrase THEN phrase WHERE file.composer ~ /Mozart/',
  'phrase WHERE file.composer ~ "Moz"',
  // A colour by name or in hex of another case (the stored one is #ffc0cb): a step of that
  // colour alone, beside a step with words, or in a relation.
  '[color = pink] THEN bridge',
  '*[color = "#FFC0CB"] THEN bridge IN form',
  '[color = pink]',
  '[color = pink] IN form DURING * IN form',
  // Downbeats: a step alone, in a pair, and a gap relation's target.
  '[downbeat] IN cadences',
  'HC IN cadences BEFORE *[downbeat] IN cadences',
  // A relation or a pair whose one side takes any unit.
  '* IN cadences ENDS continuation IN form',
  'exposition CONTAINS *',
  '* THEN PAC IN cadences',
  // Relations: a named lane, the unit's own timeline, a gap relation with WITHIN.
  'PAC IN cadences DURING continuation IN form',
  '* IN cadences DURING exposition IN form',
  'HC IN cadences BEFORE PAC IN cadences',
  'HC IN cadences BEFORE PAC IN cadences WITHIN 8 s',
  'exposition CONTAINS MT',
  'MT DURING exposition',
  'PAC IN cadences NOT DURING exposition IN form',
  'MT SAME START exposition',
  // WITHIN joins a span lane's blocks across holes: neighbours need not touch.
  'v THEN c IN form WITHIN 1 bar',
];

/** Queries that must answer as the unnarrowed evaluator does, rows or none. */
const SAME = [
  ...MUST_FIND,
  'intro THEN outro',
  'STARTS WITH exposition IN form',
  'CONSISTS OF v THEN c THEN d IN form',
  'ENDS WITH chorus IN form',
  'verse THEN bridge IN form WITHIN 40 s',
  'HC THEN HC IN cadences',
  'solo THEN solo IN ranges',
  'PAC[downbeat] THEN HC IN cadences',
  'coda[start >= 50%] THEN verse',
  'verse THEN chorus WHERE file.composer = x',
  'presentation THEN continuation[level = 1]',
  'HC IN cadences OVERLAPS presentation IN form',
  'exposition STARTS WITH presentation',
  'continuation IN form STARTS AFTER PAC IN cadences',
  '[color = red] THEN bridge',
  '[color = "#fcb"] IN form',
  'bridge THEN [color = pink] IN form',
  '[color = pink] THEN verse',
  'bridge[color = pink]',
  '[color = "#ffc0cb" AND downbeat] THEN *',
  'fermata[downbeat] IN cadences',
  'PAC[downbeat] IN cadences',
  'HC[downbeat] THEN PAC IN cadences',
  '[downbeat] THEN [downbeat] IN cadences',
  'PAC[NOT downbeat] IN cadences',
  '[color != pink] THEN bridge',
  'HC IN cadences AFTER [color = pink]',
];

describe.each(databaseKinds)('TQL narrowing on %s', (kind) => {
  const suite = uploadSuite(kind);
  const ids = new Map<string, number>();

  beforeAll(async () => {
    for (const name of fixtures) {
      const response = await upload(
        suite.app,
        suite.ana,
        [{ name, bytes: readFileSync(new URL(name, dir)) }],
        { is_public: 'true' },
      );
      expect(response.statusCode, response.body).toBe(201);
      ids.set(name, response.json<UploadResponseJson>().files[0]!.id);
    }
  }, 120_000);

  it.each(SAME)('%s answers as over every file', async (text) => {
    const answer = await tqlQuery(suite, text);
    const expected = await unnarrowed(suite, text);
    expect(answer.rows).toEqual(expected.rows);
    expect(answer.warnings).toEqual(expected.warnings);
  });

  it.each(MUST_FIND)('%s finds rows', async (text) => {
    expect((await tqlQuery(suite, text)).rows.length).toBeGreaterThan(0);
  });

  /** The files a query reads after each narrowing: its words, then its units and pairs. */
  const narrowed = async (text: string) => {
    const db = suite.testDb.database.db;
    const narrowing = narrowingOf(parseTql(text), text);
    const byWords = await queryableFiles(db, null, null, narrowing);
    return { narrowing, byWords, byPairs: await narrowFiles(db, byWords, narrowing) };
  };

  it('leaves out a file holding both labels but never one after the other', async () => {
    const { narrowing, byWords, byPairs } = await narrowed('intro THEN outro');
    expect(narrowing.pairs.length).toBe(1);
    expect(byWords).toContain(ids.get('pop.tla'));
    expect(byPairs).not.toContain(ids.get('pop.tla'));
  });

  it('reads only the files holding a unit of the colour asked for', async () => {
    const { byWords, byPairs } = await narrowed('[color = pink]');
    expect(byWords.length).toBe(fixtures.length);
    expect(byPairs).toEqual([ids.get('pop.tla')]);
    expect((await narrowed('[color = "#FFC0CB"] IN cadences')).byPairs).toEqual([]);
  });

  it('reads only the files holding a unit at the start of a bar', async () => {
    // sonata.tla has fermatas, none at a bar's start; files without a time map are kept (they
    // warn), as are those with a fermata at a bar's start.
    const sonata = ids.get('sonata.tla');
    const { byWords, byPairs } = await narrowed('fermata[downbeat] IN cadences');
    expect(byWords).toContain(sonata);
    expect(byPairs).not.toContain(sonata);
    expect(byPairs).toContain(ids.get('exposition.tla'));
    expect((await narrowed('[downbeat] IN cadences')).byPairs).toContain(sonata);
  });

  it('keeps a file indexed by an older version, whose summaries may be missing', async () => {
    const database = suite.testDb.database;
    const pop = ids.get('pop.tla')!;
    await database.db.execute(sql`UPDATE tql_files SET index_version = 1 WHERE file_id = ${pop}`);
    try {
      expect((await narrowed('intro THEN outro')).byPairs).toContain(pop);
    } finally {
      await database.db.execute(
        sql`UPDATE tql_files SET index_version = ${TQL_INDEX_VERSION} WHERE file_id = ${pop}`,
      );
    }
  });

  it('keeps the files that may warn, whatever they hold', async () => {
    // exposition.tla has no time map, and no HC just before a PAC: its HCs are tried all the same.
    const text = 'HC[bar >= 1] THEN PAC IN cadences';
    const answer = await tqlQuery(suite, text);
    expect(answer.warnings).toEqual((await unnarrowed(suite, text)).warnings);
    expect(answer.warnings.join(' ')).toMatch(/time map/);
  });
});
