import { describe, expect, it } from 'vitest';
import { readTla } from '../../src/shared/tla/tla-reader';
import type { RawComponent } from '../../src/shared/tla/tla-model';
import { buildExampleAnalyses } from './dcml-converter';
import { spellTpc } from './dcml-keys';
import { cell, readDcmlTable, type TsvRow } from './dcml-tables';
import { keySignatureAccidental } from './score-timeline';
import { playbackOrder } from './playback-order';

const analyses = buildExampleAnalyses();
const STEP_PITCH = [0, 2, 4, 5, 7, 9, 11];

function scoreComponents(text: string): RawComponent[] {
  const score = readTla(text, 'example.tla').timelines.find((t) => t.kind === 'SCORE_TIMELINE');
  if (!score || score.kind !== 'SCORE_TIMELINE') throw new Error('no Score timeline');
  return score.components;
}

/** The fields of the components of a kind, without their hash. */
const ofKind = (components: RawComponent[], kind: string) =>
  components.filter((c) => c.kind === kind).map(({ fields: { hash: _hash, ...fields } }) => fields);

describe('the Score timeline of each example', () => {
  it('has a NOTE per note row at every playing of its bar, tied continuations joined', () => {
    const table = analyses.map((a) => {
      const rows = readDcmlTable(`notes/${a.key}.notes.tsv`);
      const byMc = new Map<string, TsvRow[]>();
      for (const row of rows)
        byMc.set(cell(row, 'mc'), [...(byMc.get(cell(row, 'mc')) ?? []), row]);
      const played = playbackOrder(readDcmlTable(`${a.key}.measures.tsv`)).flatMap(
        (mc) => byMc.get(String(mc)) ?? [],
      );
      const continuations = played.filter((row) => ['0', '-1'].includes(cell(row, 'tied')));
      const notes = ofKind(scoreComponents(a.tlaText), 'NOTE');
      expect(notes).toHaveLength(played.length - continuations.length);
      for (const note of notes) expect(note.end as number).toBeGreaterThan(note.start as number);
      return {
        movement: a.key,
        'note rows': rows.length,
        unfolded: played.length,
        notes: notes.length,
      };
    });
    console.log('Notes per movement (rows of notes.tsv; unfolded by the repeats; NOTE components)');
    console.table(table);
  });

  it('spells every note of the tables to the pitch DCML gives', () => {
    for (const a of analyses) {
      for (const row of readDcmlTable(`notes/${a.key}.notes.tsv`)) {
        const { step, accidental } = spellTpc(Number(cell(row, 'tpc')));
        const pitch = 12 * (Number(cell(row, 'octave')) + 1) + (STEP_PITCH[step] ?? 0) + accidental;
        expect(pitch, `${a.key} mc ${cell(row, 'mc')} ${cell(row, 'name')}`).toBe(
          Number(cell(row, 'midi')),
        );
        expect(cell(row, 'name')).toMatch(new RegExp(`^${'CDEFGAB'[step]}`));
      }
    }
  });

  it('draws two staves, a bar line per played bar, and signatures and clefs where they change', () => {
    for (const a of analyses) {
      const components = scoreComponents(a.tlaText);
      expect(ofKind(components, 'STAFF')).toEqual([
        { line_count: 5, index: 0 },
        { line_count: 5, index: 1 },
      ]);
      expect(ofKind(components, 'BAR_LINE')).toHaveLength(a.stats.bars);
      const clefs = ofKind(components, 'CLEF');
      // Each staff opens with its clef: treble above, bass below, but for K. 330 I, whose left
      // hand starts in the treble clef (a G clef at the start of its first bar).
      expect(clefs.find((c) => c.staff_index === 0)).toMatchObject({
        time: 0,
        line_number: -1,
        step: 4,
        octave: 4,
        icon: 'clef-treble.svg',
      });
      expect(clefs.find((c) => c.staff_index === 1)).toMatchObject(
        a.key === 'K330-1'
          ? { time: 0, line_number: -1, step: 4, octave: 4, icon: 'clef-treble.svg' }
          : { time: 0, line_number: 1, step: 3, octave: 3, icon: 'clef-bass.svg' },
      );
      for (const staff of [0, 1]) {
        const signs = clefs.filter((c) => c.staff_index === staff).map((c) => c.icon);
        expect(signs.every((sign, i) => i === 0 || sign !== signs[i - 1])).toBe(true);
      }
    }
    // K. 311 I: the left hand turns to the treble clef on the third beat of bar 1.
    const k311 = analyses.find((a) => a.key === 'K311-1')?.tlaText ?? '';
    const third = readTla(k311, 'K311-1.tla').timelines.find((t) => t.kind === 'BEAT_TIMELINE')
      ?.components[2] as { time: number };
    const lower = ofKind(scoreComponents(k311), 'CLEF').filter((c) => c.staff_index === 1);
    expect(lower[1]).toMatchObject({ icon: 'clef-treble.svg' });
    expect(lower[1]?.time).toBeCloseTo(third.time, 6);
    const k331 = scoreComponents(analyses.find((a) => a.key === 'K331-1')?.tlaText ?? '');
    const meters = ofKind(k331, 'TIME_SIGNATURE').filter((c) => c.staff_index === 0);
    // Variation VI changes to 4/4 after the 6/8 of the theme and variations I-V.
    expect(meters.map((c) => `${String(c.numerator)}/${String(c.denominator)}`)).toEqual([
      '6/8',
      '4/4',
    ]);
    const k330 = scoreComponents(analyses.find((a) => a.key === 'K330-2')?.tlaText ?? '');
    const lowerClefs = ofKind(k330, 'CLEF').filter((c) => c.staff_index === 1);
    expect(lowerClefs.map((c) => c.icon)).toEqual([
      'clef-bass.svg',
      'clef-treble.svg',
      'clef-bass.svg',
      'clef-treble.svg',
      'clef-bass.svg',
    ]);
    const keys = ofKind(k330, 'KEY_SIGNATURE').filter((c) => c.staff_index === 0);
    expect(keys.map((c) => c.fifths)).toEqual([-1, -4, -1]);
  });
});

describe('keySignatureAccidental', () => {
  it('alters the steps of the sharps and flats in order', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((step) => keySignatureAccidental(2, step))).toEqual([
      1, 0, 0, 1, 0, 0, 0,
    ]);
    expect([0, 1, 2, 3, 4, 5, 6].map((step) => keySignatureAccidental(-3, step))).toEqual([
      0, 0, -1, 0, 0, -1, -1,
    ]);
  });
});
