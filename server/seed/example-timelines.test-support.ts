/**
 * The kinds of the timelines of every seeded example, in their order, for the tests of the
 * converter (dcml-converter.test.ts) and of the seeded files as served
 * (tests/server/examples-seed.test.ts).
 */
export const EXAMPLE_TIMELINE_KINDS = [
  'AUDIOWAVE_TIMELINE',
  'BEAT_TIMELINE',
  'SCORE_TIMELINE',
  'HIERARCHY_TIMELINE',
  'HARMONY_TIMELINE',
  'MARKER_TIMELINE',
  'PDF_TIMELINE',
];
