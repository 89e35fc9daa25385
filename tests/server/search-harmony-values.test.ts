import { describe, expect, it } from 'vitest';
import { chordFacts } from '../../src/shared/tql/tql-harmony';
import { harmonyLabel } from '../../src/shared/harmony/harmony-label';
import type { KeyFields } from '../../src/shared/harmony/pitch-spelling';
import {
  appliedToValue,
  harmonyValues,
  keyValue,
  numeralValues,
  viewerNumeral,
} from '../../server/search/harmony-conditions';

/** A chord as the .tla stores it (step 0-6 from C, accidental, music21 quality). */
const chord = (
  step: number,
  accidental: number,
  quality: string,
  inversion = 0,
  appliedTo = 0,
) => ({
  step,
  accidental,
  quality,
  inversion,
  appliedTo,
  customText: '',
});

const A_MAJOR: KeyFields = { step: 5, accidental: 0, type: 'major' };
const F_SHARP_MINOR: KeyFields = { step: 3, accidental: 1, type: 'minor' };
const E_FLAT_MAJOR: KeyFields = { step: 2, accidental: -1, type: 'major' };

describe('HARMONY condition values', () => {
  it('reads keys as names or as the viewer shows them', () => {
    expect(keyValue('A major')).toBe('A');
    expect(keyValue('A:')).toBe('A');
    expect(keyValue('f# minor')).toBe('f#');
    expect(keyValue('f#:')).toBe('f#');
    expect(keyValue('Eb')).toBe('Eb');
    expect(() => keyValue('H')).toThrow('is not a key');
  });

  it("reads numerals in the viewer's spelling as the index stores them", () => {
    expect(numeralValues('V7')).toEqual(['V7']);
    expect(numeralValues('viio7')).toEqual(['vii°7']);
    expect(numeralValues('V42')).toEqual(['V42', 'V2']);
    expect(numeralValues('V65/V')).toEqual(['V65/V']);
    expect(numeralValues('Gr6+')).toEqual(['Ger+6']);
    expect(numeralValues('It6+/V')).toEqual(['It+6/V']);
    expect(() => numeralValues('G7')).toThrow('is not a Roman numeral');
    expect(() => numeralValues('V7/')).toThrow('is not a Roman numeral');
  });

  it('reads applied-to degrees as numerals in either case or as stored numbers', () => {
    expect(appliedToValue('V')).toBe('4');
    expect(appliedToValue('ii')).toBe('1');
    expect(appliedToValue('/vi')).toBe('5');
    expect(appliedToValue(4)).toBe('4');
    expect(() => appliedToValue('8')).toThrow('An applied-to degree');
    expect(harmonyValues('inversion', ' 2 ')).toEqual(['2']);
    expect(() => harmonyValues('quality', 'dom7')).toThrow('is not a chord quality');
    expect(harmonyValues('quality', 'Dominant-Seventh')).toEqual(['dominant-seventh']);
  });

  it('gives every chord the numeral the viewer draws, and a search by it finds the chord', () => {
    const cases: [ReturnType<typeof chord>, KeyFields | null, string][] = [
      [chord(2, 0, 'dominant-seventh', 3), A_MAJOR, 'V42'],
      [chord(6, 0, 'dominant-seventh', 1, 4), A_MAJOR, 'V65/V'],
      [chord(2, 1, 'diminished-seventh'), F_SHARP_MINOR, 'viio7'],
      [chord(0, -1, 'German', 0), E_FLAT_MAJOR, 'Gr6+'],
      [chord(3, -1, 'Neapolitan', 0), E_FLAT_MAJOR, 'N6'],
      [chord(0, 0, 'minor', 1), null, 'i6'],
    ];
    for (const [fields, key, drawn] of cases) {
      expect(harmonyLabel({ ...fields, displayMode: 'roman' }, key)).toBe(drawn);
      const facts = chordFacts(fields, key);
      expect(viewerNumeral(facts)).toBe(drawn);
      const wanted = numeralValues(drawn);
      expect(wanted.some((value) => value === facts.roman || value === facts.romanBase)).toBe(true);
    }
  });
});
