/**
 * The start of a Score timeline as the desktop writes one for piano music, for the generated
 * .tla files of the benches and the browser tests (bench/reference-file.ts,
 * tests/e2e/support/score-file.ts).
 */

/**
 * Two staves (treble and bass) with their clefs, and on each a key signature of `fifths` and a 4/4
 * time signature, all at time 0.
 */
export function grandStaffStart(fifths: number): Record<string, unknown>[] {
  const components: Record<string, unknown>[] = [
    { line_count: 5, index: 0, kind: 'STAFF' },
    { line_count: 5, index: 1, kind: 'STAFF' },
    {
      staff_index: 0,
      time: 0,
      line_number: -1,
      step: 4,
      octave: 4,
      icon: 'clef-treble.svg',
      kind: 'CLEF',
    },
    {
      staff_index: 1,
      time: 0,
      line_number: 1,
      step: 3,
      octave: 3,
      icon: 'clef-bass.svg',
      kind: 'CLEF',
    },
  ];
  for (const staff of [0, 1]) {
    components.push({ staff_index: staff, time: 0, fifths, kind: 'KEY_SIGNATURE' });
    components.push({
      staff_index: staff,
      time: 0,
      numerator: 4,
      denominator: 4,
      kind: 'TIME_SIGNATURE',
    });
  }
  return components;
}
