import type { Database } from '../server/db/database';

/**
 * A synthetic corpus for the search benchmark, written with INSERT ... SELECT generate_series so
 * that a million components load in a minute rather than through a million ingestion calls.
 *
 * Each file is one movement with 250 components, shaped like the seeded analyses: 160 beats, 40
 * hierarchy units, 25 cadence markers and 25 harmonies (not searchable, but stored and indexed
 * like the rest). One file in ten is private. Values come from small vocabularies, picked by a
 * deterministic hash of the row number, so every run searches the same data.
 */

export const COMPONENTS_PER_FILE = 250;

const list = (words: string[]) =>
  `ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(', ')}]`;

const COMPOSERS = list([
  'Wolfgang Amadeus Mozart',
  'Ludwig van Beethoven',
  'Joseph Haydn',
  'Franz Schubert',
  'Muzio Clementi',
  'Carl Philipp Emanuel Bach',
  'Frédéric Chopin',
  'Robert Schumann',
  'Johannes Brahms',
  'Felix Mendelssohn',
  'Domenico Scarlatti',
  'Clara Schumann',
]);
const GENRES = list(['Piano Sonata', 'String Quartet', 'Symphony', 'Violin Sonata', 'Piano Trio']);
const KEYS = list([
  'C major',
  'A minor',
  'G major',
  'E minor',
  'D major',
  'B-flat major',
  'F minor',
]);
const MOVEMENTS = list(['I. Allegro', 'II. Andante', 'III. Menuetto', 'IV. Rondo: Presto']);
const PERFORMERS = list([
  'Alfred Brendel',
  'Mitsuko Uchida',
  'Daniel Barenboim',
  'Maria João Pires',
  'Glenn Gould',
  'Emerson String Quartet',
  'Berliner Philharmoniker',
  'Anonymous',
]);
const SECTIONS = list([
  'exposition',
  'development',
  'recapitulation',
  'coda',
  'introduction',
  'first theme',
  'second theme',
  'transition',
  'closing theme',
  'retransition',
  'A',
  'B',
  "A'",
  'C',
  'refrain',
  'episode',
  'trio',
  'minuet',
  'variation',
  'cadenza',
]);
const FUNCTIONS = list([
  'presentation',
  'continuation',
  'cadential',
  'antecedent',
  'consequent',
  '',
]);
const TYPES = list(['sentence', 'period', 'hybrid', 'small ternary', 'sonata form', '']);
const COMMENTS = list([
  '',
  '',
  '',
  '',
  '',
  '',
  'sequence',
  'pedal point',
  'deceptive motion',
  'see m. 12',
]);
const COLORS = list(['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f']);
const CADENCES = list(['PAC', 'IAC', 'HC', 'DC', 'EC', 'PC', 'fermata', 'climax']);

// A stable pseudo-random pick from an array literal: hashtext spreads row numbers evenly.
const pick = (array: string, seed: string) =>
  `(${array})[1 + abs(hashtext(${seed})) % cardinality(${array})]`;

/** Loads `fileCount` files (ids from 1,000,001 up) with COMPONENTS_PER_FILE components each. */
export async function loadSearchCorpus(
  database: Database,
  fileCount: number,
  onProgress: (loadedFiles: number) => void = () => undefined,
): Promise<void> {
  const base = 1_000_000;
  await database.withConnection(async (run) => {
    await run(`
      INSERT INTO users (id, username, email) SELECT ${base} + u, 'annotator' || u, ''
        FROM generate_series(1, 40) AS u;
      INSERT INTO abstract_works (id, title, composer)
        SELECT ${base} + i,
          ${pick(GENRES, "i::text || 'g'")} || ' No. ' || (1 + i % 32) || ' in ' ||
            ${pick(KEYS, "i::text || 'k'")} || ', Op. ' || (1 + i % 150) || ': ' ||
            ${pick(MOVEMENTS, "i::text || 'm'")},
          ${pick(COMPOSERS, "i::text || 'c'")}
        FROM generate_series(1, ${fileCount}) AS i;
      INSERT INTO concrete_works (id, abstract_work_id, artist, type, storage, length, "end")
        SELECT ${base} + i, ${base} + i, ${pick(PERFORMERS, "i::text || 'p'")}, 'audio',
          'abstract', 600, 600
        FROM generate_series(1, ${fileCount}) AS i;
      INSERT INTO files (id, author_id, concrete_work_id, is_public, format, tla, created_at)
        SELECT ${base} + i, ${base} + 1 + i % 40, ${base} + i, i % 10 <> 0, 'tla', '\\x7b7d',
          now() - i * interval '1 minute'
        FROM generate_series(1, ${fileCount}) AS i;
      INSERT INTO timelines (file_id, kind, kind_name, name, ordinal, display_position)
        SELECT ${base} + i, k.kind, k.kind, k.name, k.ordinal, k.ordinal
        FROM generate_series(1, ${fileCount}) AS i,
          (VALUES ('BEAT_TIMELINE', 'Measures', 1), ('HIERARCHY_TIMELINE', 'Form', 2),
                  ('HARMONY_TIMELINE', 'Harmony', 3), ('MARKER_TIMELINE', 'Cadences', 4))
            AS k(kind, name, ordinal);
    `);
    const batch = 200;
    for (let first = 1; first <= fileCount; first += batch) {
      const last = Math.min(fileCount, first + batch - 1);
      await run(componentsInsert(base + first, base + last));
      onProgress(last);
    }
    await run('VACUUM ANALYZE');
  });
}

// The search columns of migration 0003 are written here as ingestion writes them, so the
// fallback row trigger stays idle as it does for real uploads.
function componentsInsert(firstFile: number, lastFile: number): string {
  const n = `(t.file_id * 1000 + s.p)::text`;
  return `
    INSERT INTO components (timeline_id, file_id, position, kind, label, comments, color,
      formal_function, formal_type, start, "end", "time", level, step, accidental, quality,
      inversion, applied_to, search_kind, is_public, work_title, work_composer)
    SELECT t.id, t.file_id, s.p, s.kind,
      CASE s.kind
        WHEN 'HIERARCHY' THEN ${pick(SECTIONS, n)}
        WHEN 'MARKER' THEN ${pick(CADENCES, n)}
        WHEN 'HARMONY' THEN ${pick(list(['I', 'V7', 'ii6', 'IV', 'V65/V', 'vi']), n)}
      END,
      CASE WHEN s.kind IN ('HIERARCHY', 'MARKER', 'HARMONY') THEN ${pick(COMMENTS, n + " || 'x'")} END,
      CASE WHEN s.kind IN ('HIERARCHY', 'MARKER') AND s.p % 2 = 0
        THEN ${pick(COLORS, n + " || 'y'")} END,
      CASE WHEN s.kind = 'HIERARCHY' THEN ${pick(FUNCTIONS, n + " || 'f'")} END,
      CASE WHEN s.kind = 'HIERARCHY' THEN ${pick(TYPES, n + " || 't'")} END,
      CASE WHEN s.kind = 'HIERARCHY' THEN s.p * 12.5 END,
      CASE WHEN s.kind = 'HIERARCHY' THEN s.p * 12.5 + 12.5 END,
      CASE WHEN s.kind <> 'HIERARCHY' THEN s.p * s.step + (t.file_id % 7) * 0.01 END,
      CASE WHEN s.kind IN ('HIERARCHY', 'HARMONY') THEN 1 + s.p % 3 END,
      CASE WHEN s.kind = 'HARMONY' THEN s.p % 7 END,
      CASE WHEN s.kind = 'HARMONY' THEN 0 END,
      CASE WHEN s.kind = 'HARMONY' THEN 'major' END,
      CASE WHEN s.kind = 'HARMONY' THEN 0 END,
      CASE WHEN s.kind = 'HARMONY' THEN 0 END,
      component_search_kind(t.kind, s.kind), f.is_public, aw.title, aw.composer
    FROM timelines t
    JOIN files f ON f.id = t.file_id
    JOIN concrete_works cw ON cw.id = f.concrete_work_id
    JOIN abstract_works aw ON aw.id = cw.abstract_work_id
    JOIN LATERAL (
      SELECT p, k.kind, k.step FROM (VALUES
        ('BEAT_TIMELINE', 'BEAT', 160, 0.5), ('HIERARCHY_TIMELINE', 'HIERARCHY', 40, 12.5),
        ('HARMONY_TIMELINE', 'HARMONY', 25, 3.1), ('MARKER_TIMELINE', 'MARKER', 25, 7.3)
      ) AS k(timeline_kind, kind, count, step), generate_series(0, k.count - 1) AS p
      WHERE k.timeline_kind = t.kind
    ) AS s ON true
    WHERE t.file_id BETWEEN ${firstFile} AND ${lastFile};
  `;
}
