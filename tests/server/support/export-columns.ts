/**
 * The header of a marker search's CSV export, spelt out rather than taken from exportColumns, so
 * that a change to the columns fails a test.
 */
export const MARKER_CSV_HEADER = [
  'file_id',
  'title',
  'composer',
  'performer',
  'timeline_id',
  'component_id',
  'time',
  'label',
  'comments',
  'measure',
  'pass',
  'beat',
  'viewer_url',
];
