/**
 * Results of a corpus query (TQL, the query page) as JAMS and as a W3C Web Annotation
 * collection, for the query page to save. Pure: it takes the rows as POST tql/query returns them.
 */
import { ANNOTATION_TOOL, JAMS_VERSION, type JamsObservation } from './jams-document';
import { viewerUrl } from './export-source';
import { ANNO_CONTEXT, annotationJson } from './web-annotation';

/** One unit of a result row's step (TQL.md section 12). */
export interface TqlUnit {
  /** The file's database id. */
  file: number;
  timeline: { id: number; name: string };
  /** A component's database id, or 'bar:<count>' for a bar. */
  component: number | string;
  kind: string;
  label: string;
  start: number;
  end: number;
  /** Whether the unit is one of the query's results (an '@' step). */
  target: boolean;
}

export interface TqlRow {
  file: { id: number; title: string };
  start: number;
  end: number;
  /** One list of units per top-level step of the query. */
  steps: TqlUnit[][];
}

export interface TqlExportOptions {
  /** The query's text, kept with the export so it can be run again. */
  query: string;
  /** The site's public origin, for viewer links. */
  siteUrl: string;
}

/** Units in time order, each once. */
function distinctUnits(units: Iterable<TqlUnit>): TqlUnit[] {
  const seen = new Map<string, TqlUnit>();
  for (const unit of units) {
    const key = `${unit.file}/${unit.timeline.id}/${unit.component}/${unit.start}/${unit.end}`;
    if (!seen.has(key)) seen.set(key, unit);
  }
  return [...seen.values()].sort((a, b) => a.start - b.start || a.end - b.end);
}

const observation = (unit: TqlUnit): JamsObservation => ({
  time: Math.max(0, unit.start),
  duration: Math.max(0, unit.end - unit.start),
  value: unit.label,
  confidence: null,
});

/**
 * A JAMS document of the results: one tag_open annotation per step of the query, holding the
 * units that step matched. JAMS describes one recording per document, so results from several
 * files give one annotation per step and file, each naming its file in its sandbox.
 */
export function tqlJams(rows: readonly TqlRow[], options: TqlExportOptions) {
  const files = new Map<number, string>();
  for (const row of rows) files.set(row.file.id, row.file.title);
  const stepCount = rows.reduce((most, row) => Math.max(most, row.steps.length), 0);
  const annotations = [];
  for (const [fileId, title] of files) {
    const fileRows = rows.filter((row) => row.file.id === fileId);
    for (let step = 0; step < stepCount; step++) {
      const units = distinctUnits(fileRows.flatMap((row) => row.steps[step] ?? []));
      annotations.push({
        namespace: 'tag_open',
        annotation_metadata: {
          curator: { name: ANNOTATION_TOOL, email: '' },
          annotator: { query: options.query, step: step + 1 },
          annotation_tools: ANNOTATION_TOOL,
          annotation_rules: options.query,
          validation: '',
          data_source: 'TiLiA query results',
          corpus: '',
          version: '',
        },
        sandbox: { file: { id: fileId, title }, step: step + 1 },
        data: units.map(observation),
      });
    }
  }
  const ends = rows.flatMap((row) => row.steps.flat().map((unit) => unit.end));
  const [onlyFile] = files;
  const single = files.size === 1 && onlyFile;
  return {
    file_metadata: {
      title: single ? onlyFile[1] : 'TiLiA query results',
      artist: '',
      release: '',
      duration: Math.max(0, ...ends),
      identifiers: single ? { tilia_web: `${options.siteUrl}/viewer/${onlyFile[0]}` } : {},
      jams_version: JAMS_VERSION,
    },
    annotations,
    sandbox: { tql: { query: options.query, rows: rows.length } },
  };
}

/**
 * A Web Annotation collection of the results: one annotation per result unit (each once), on the
 * file's page in the viewer, with the unit's span as a Media Fragments selector and the viewer at
 * that moment as `via`.
 */
export function tqlWebAnnotations(rows: readonly TqlRow[], options: TqlExportOptions) {
  const id = `${options.siteUrl}/browse/query?q=${encodeURIComponent(options.query)}`;
  const units = distinctUnits(rows.flatMap((row) => row.steps.flat().filter((u) => u.target)));
  const items = units.map((unit) => {
    const file = { siteUrl: options.siteUrl, fileId: unit.file };
    return annotationJson({
      id: `${id}#unit-${unit.file}-${unit.timeline.id}-${encodeURIComponent(unit.component)}`,
      label: unit.label,
      comments: '',
      start: unit.start,
      end: unit.end,
      point: unit.end <= unit.start,
      via: viewerUrl(file, unit.start, unit.component),
      source: `${options.siteUrl}/viewer/${unit.file}`,
      sourceType: null,
    });
  });
  return {
    '@context': ANNO_CONTEXT,
    id,
    type: 'AnnotationCollection',
    label: `TiLiA query: ${options.query}`,
    total: items.length,
    first: { id: `${id}#page-1`, type: 'AnnotationPage', startIndex: 0, items },
  };
}
