import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  ComponentsQueryResponse,
  HarmonySearchComponentJson,
} from '../../src/shared/api-contract/search';
import { parseCsv } from '../../src/shared/csv';
import { databaseKinds } from './support/test-database';
import { appSuite } from './support/suites';

/**
 * HARMONY searches over the seeded examples (DCML's Mozart harmonies). Every expectation is
 * worked out here from the stored components themselves (step, accidental, quality, inversion,
 * applied_to and the keys before each chord), with this file's own arithmetic, not from the
 * query index or the labelling code the search uses.
 */

interface Chord {
  id: number;
  fileId: number;
  time: number;
  step: number;
  accidental: number;
  quality: string;
  inversion: number;
  appliedTo: number;
  comments: string;
  /** The key in force, as a letter, accidentals and case: 'A', 'f#', '' before any. */
  key: string;
  keyStep: number;
  keyAccidental: number;
}

const LETTERS = 'CDEFGAB';
const LETTER_PITCH = [0, 2, 4, 5, 7, 9, 11];
const mod = (n: number, m: number) => ((n % m) + m) % m;
const pitch = (step: number, accidental: number) => mod(LETTER_PITCH[step]! + accidental, 12);
const noteName = (step: number, accidental: number) =>
  LETTERS[step]! + (accidental > 0 ? '#'.repeat(accidental) : 'b'.repeat(-accidental));

/** Letters and semitones from the key's tonic to the chord's root (C major before any key). */
const rootAbove = (chord: Chord) => ({
  letters: mod(chord.step - chord.keyStep, 7),
  semitones: mod(
    pitch(chord.step, chord.accidental) - pitch(chord.keyStep, chord.keyAccidental),
    12,
  ),
});

type Row = Record<string, unknown>;

describe.each(databaseKinds)('HARMONY search on %s', (kind) => {
  const suite = appSuite(kind, { seed: true });
  let chords: Chord[] = [];

  beforeAll(async () => {
    const db = suite.testDb.database.db;
    const result = await db.execute(sql`
      SELECT c.id, c.file_id, c.timeline_id, c.kind, c.time, c.step, c.accidental, c.quality,
        c.inversion, c.applied_to, c.mode_type, c.comments
      FROM components c JOIN timelines t ON t.id = c.timeline_id JOIN files f ON f.id = c.file_id
      WHERE t.kind = 'HARMONY_TIMELINE' AND f.is_public
      ORDER BY c.timeline_id, c.time, c.id`);
    const rows = (result as unknown as { rows: Row[] }).rows;
    const modes = rows.filter((row) => row.kind === 'MODE');
    chords = rows
      .filter((row) => row.kind === 'HARMONY')
      .map((row) => {
        const time = Number(row.time);
        // The latest key at or before the chord, in the chord's own timeline.
        const key = modes
          .filter((m) => m.timeline_id === row.timeline_id && Number(m.time) <= time + 1e-6)
          .at(-1);
        const keyStep = key ? Number(key.step) : 0;
        const keyAccidental = key ? Number(key.accidental) : 0;
        const name = key ? noteName(keyStep, keyAccidental) : '';
        return {
          id: Number(row.id),
          fileId: Number(row.file_id),
          time,
          step: Number(row.step),
          accidental: Number(row.accidental),
          quality: String(row.quality),
          inversion: Number(row.inversion),
          appliedTo: Number(row.applied_to),
          comments: String(row.comments ?? ''),
          key: key?.mode_type === 'minor' ? name.toLowerCase() : name,
          keyStep,
          keyAccidental,
        };
      });
  });

  const query = (cmp: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    new URLSearchParams({
      query: JSON.stringify({ 'tl.kind': 'HARMONY', cmp, ...extra }),
      order_by: JSON.stringify('time'),
    }).toString();

  /** Every match's component id, through the CSV export (all pages in one answer). */
  const exportedIds = async (cmp: Record<string, unknown>) => {
    const response = await suite.app.inject({
      method: 'GET',
      url: `/api/v1/components/export/?${query(cmp)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = parseCsv(response.body);
    const id = header!.indexOf('component_id');
    return rows.map((row) => Number(row[id])).sort((a, b) => a - b);
  };

  const page = async (cmp: Record<string, unknown>, params: Record<string, unknown> = {}) => {
    const search = new URLSearchParams(query(cmp));
    for (const [name, value] of Object.entries(params)) search.set(name, JSON.stringify(value));
    const response = await suite.app.inject({
      method: 'GET',
      url: `/api/v1/components/query/?${search.toString()}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ComponentsQueryResponse>();
  };

  const idsOf = (found: Chord[]) => found.map((chord) => chord.id).sort((a, b) => a - b);

  /** Checks a condition's matches, and that it finds some but not every chord. */
  const expectFinds = async (cmp: Record<string, unknown>, expected: Chord[]) => {
    expect(expected.length, JSON.stringify(cmp)).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(chords.length);
    expect(await exportedIds(cmp)).toEqual(idsOf(expected));
    expect((await page(cmp)).count).toBe(expected.length);
  };

  it('finds every chord of the examples, and no key, without conditions', async () => {
    expect(chords.length).toBeGreaterThan(1000);
    expect((await page({})).count).toBe(chords.length);
  });

  it('finds the chords in a key, written as a name or as the viewer shows it', async () => {
    const inA = chords.filter((chord) => chord.key === 'A');
    await expectFinds({ key: 'A major' }, inA);
    expect(await exportedIds({ key: 'A:' })).toEqual(idsOf(inA));
    const inAMinor = chords.filter((chord) => chord.key === 'a');
    await expectFinds({ key: 'a minor' }, inAMinor);
    expect(await exportedIds({ key: 'a' })).toEqual(idsOf(inAMinor));
  });

  it("finds dominant sevenths by 'V7' in every inversion, and 'V65' in the first only", async () => {
    const dominantSevenths = chords.filter((chord) => {
      const { letters, semitones } = rootAbove(chord);
      return (
        chord.quality === 'dominant-seventh' &&
        chord.appliedTo === 0 &&
        letters === 4 &&
        semitones === 7
      );
    });
    await expectFinds({ numeral: 'V7' }, dominantSevenths);
    await expectFinds(
      { numeral: 'V65' },
      dominantSevenths.filter((chord) => chord.inversion === 1),
    );
    // The viewer's 'V42' (the index writes 'V2').
    await expectFinds(
      { numeral: 'V42' },
      dominantSevenths.filter((chord) => chord.inversion === 3),
    );
    await expectFinds(
      { numeral: 'V7', key: 'A major' },
      dominantSevenths.filter((chord) => chord.key === 'A'),
    );
  });

  it("finds leading-tone sevenths by 'viio7' as the viewer writes them, or 'vii°7'", async () => {
    // A diminished seventh on the seventh degree, a semitone below the tonic, in either mode.
    const leadingTone = chords.filter((chord) => {
      const { letters, semitones } = rootAbove(chord);
      return (
        chord.quality === 'diminished-seventh' &&
        chord.appliedTo === 0 &&
        letters === 6 &&
        semitones === 11
      );
    });
    await expectFinds({ numeral: 'viio7' }, leadingTone);
    expect(await exportedIds({ numeral: 'vii°7' })).toEqual(idsOf(leadingTone));
  });

  it("finds applied dominants by 'V/V', and case tells major from minor", async () => {
    // V of V: a major triad on the second degree, a whole tone above the tonic, applied to V.
    const ofDominant = chords.filter((chord) => {
      const { letters, semitones } = rootAbove(chord);
      return chord.quality === 'major' && chord.appliedTo === 4 && letters === 1 && semitones === 2;
    });
    await expectFinds({ numeral: 'V/V' }, ofDominant);
    const minorDominants = chords.filter((chord) => {
      const { letters, semitones } = rootAbove(chord);
      return chord.quality === 'minor' && chord.appliedTo === 0 && letters === 4 && semitones === 7;
    });
    const upper = await exportedIds({ numeral: 'V' });
    const lower = await exportedIds({ numeral: 'v' });
    expect(lower).toEqual(idsOf(minorDominants));
    expect(upper.filter((id) => lower.includes(id))).toEqual([]);
  });

  it('finds chords by quality, inversion, applied-to degree and comments', async () => {
    await expectFinds(
      { quality: 'diminished-seventh' },
      chords.filter((chord) => chord.quality === 'diminished-seventh'),
    );
    await expectFinds(
      { inversion: 2 },
      chords.filter((chord) => chord.inversion === 2),
    );
    await expectFinds(
      { inversion: '0' },
      chords.filter((chord) => chord.inversion === 0),
    );
    const appliedToV = chords.filter((chord) => chord.appliedTo === 4);
    await expectFinds({ applied_to: 'V' }, appliedToV);
    expect(await exportedIds({ applied_to: 4 })).toEqual(idsOf(appliedToV));
    await expectFinds(
      { comments: 'v65' },
      chords.filter((chord) => chord.comments.toLowerCase().includes('v65')),
    );
  });

  it('gives each result its key, numeral, fields, bar and beat, sorted as asked', async () => {
    const result = await page({ numeral: 'V7', key: 'A major' }, { order_by: 'inversion' });
    const found = result.components as HarmonySearchComponentJson[];
    expect(found.length).toBeGreaterThan(0);
    const byId = new Map(chords.map((chord) => [chord.id, chord]));
    const figures = ['7', '65', '43', '42'];
    for (const component of found) {
      const chord = byId.get(component.id)!;
      expect(component).toMatchObject({
        key: 'A',
        numeral: `V${figures[chord.inversion]}`,
        quality: 'dominant-seventh',
        inversion: chord.inversion,
        applied_to: 0,
        time: chord.time,
      });
      expect(component.measure).toEqual(expect.any(Number));
      expect(component.beat).toEqual(expect.any(Number));
    }
    const inversions = found.map((component) => component.inversion);
    expect(inversions).toEqual([...inversions].sort((a, b) => a - b));
    const timeline = result.timelines.find((t) => t.id === found[0]!.timeline_id)!;
    expect(timeline.kind).toBe('HARMONY');
    expect(result.files.map((file) => file.id)).toContain(timeline.file_id);

    // By the work's title: the works' natural order (all 18 examples are Mozart's).
    const byTitle = await page({ numeral: 'V7' }, { order_by: 'title', page: 3 });
    const titles = new Map(byTitle.abstract_works.map((work) => [work.id, work.title]));
    const concrete = new Map(byTitle.concrete_works.map((work) => [work.id, work]));
    const fileTitle = new Map(
      byTitle.files.map((file) => [
        file.id,
        titles.get(concrete.get(file.concrete_work_id)!.abstract_work_id)!,
      ]),
    );
    const timelineFile = new Map(byTitle.timelines.map((t) => [t.id, t.file_id]));
    const shown = byTitle.components.map((c) => fileTitle.get(timelineFile.get(c.timeline_id)!)!);
    expect(shown).toHaveLength(15);
    const natural = (title: string) =>
      title.toLowerCase().replace(/[0-9]+/g, (digits) => digits.padStart(12, '0'));
    expect(shown.map(natural)).toEqual(shown.map(natural).sort());

    const down = await page({ numeral: 'V7' }, { order_by: 'time', order_direction: 'desc' });
    const times = (down.components as HarmonySearchComponentJson[]).map((c) => c.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('exports the same fields as the results', async () => {
    const response = await suite.app.inject({
      method: 'GET',
      url: `/api/v1/components/export/?${query({ numeral: 'V65', key: 'A major' })}`,
    });
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'file_id',
      'title',
      'composer',
      'performer',
      'timeline_id',
      'component_id',
      'time',
      'key',
      'numeral',
      'quality',
      'inversion',
      'applied_to',
      'comments',
      'measure',
      'pass',
      'beat',
      'viewer_url',
    ]);
    expect(rows.length).toBeGreaterThan(0);
    const first = (await page({ numeral: 'V65', key: 'A major' })).components[0]!;
    const row = rows[0]!;
    const at = (name: string) => row[header!.indexOf(name)];
    expect(at('component_id')).toBe(String(first.id));
    expect(at('numeral')).toBe('V65');
    expect(at('key')).toBe('A');
    expect(at('measure')).toBe(String(first.measure));
    expect(at('viewer_url')).toMatch(new RegExp(`/viewer/\\d+\\?t=[0-9.]+&c=${first.id}$`));
  });

  it('refuses values that are no key, numeral, quality, inversion or degree with a 400', async () => {
    for (const [cmp, message] of [
      [{ key: 'H major' }, 'is not a key'],
      [{ numeral: 'V8x' }, 'is not a Roman numeral'],
      [{ numeral: 'G7' }, 'is not a Roman numeral'],
      [{ quality: 'dominant' }, 'is not a chord quality'],
      [{ inversion: 4 }, 'An inversion is a whole number'],
      [{ inversion: '1.5' }, 'An inversion is a whole number'],
      [{ applied_to: 'VIII' }, 'An applied-to degree'],
      [{ applied_to: 7 }, 'An applied-to degree'],
      [{ label: 'V7' }, 'Unknown HARMONY property'],
      [{ key: { a: 1 } }, 'must be text'],
    ] as const) {
      const response = await suite.app.inject({
        method: 'GET',
        url: `/api/v1/components/query/?${query(cmp)}`,
      });
      expect(response.statusCode, JSON.stringify(cmp)).toBe(400);
      expect(response.json<{ query: string[] }>().query.join(' ')).toContain(message);
    }
    const badSort = new URLSearchParams(query({}));
    badSort.set('order_by', JSON.stringify('label'));
    const response = await suite.app.inject({
      method: 'GET',
      url: `/api/v1/components/query/?${badSort.toString()}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ order_by: string[] }>().order_by.join(' ')).toContain('numeral');
  });
});
