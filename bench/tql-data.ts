import type { Database } from '../server/db/database';
import { TQL_INDEX_VERSION } from '../server/tql/tql-index';

/**
 * The query index of the search benchmark's corpus (search-data.ts), derived in SQL from its
 * components as an upload would build it: each file's time map from its beats (four to a bar,
 * so a bar starts at every fourth beat),
 * roles from the timeline names (Form, Cadences, Harmony), beats as lists on their timeline,
 * hierarchy spans, markers as points,
 * chords labelled by their stored label with an implied span up to the next chord; the units of
 * each category and colour (the corpus's colours are all '#rrggbb').
 */
export async function indexSearchCorpus(database: Database): Promise<void> {
  await database.withConnection(async (run) => {
    await run(`
      INSERT INTO tql_files (file_id, index_version, title, media_length, extent, grammar, fields, time_map,
        bar_starts)
      SELECT f.id, ${TQL_INDEX_VERSION}, aw.title, cw.length, cw.length, 'whole',
        jsonb_build_object('composer', aw.composer),
        (SELECT jsonb_build_object('timelineId', t.id, 'beatTimes', jsonb_agg(c."time" ORDER BY c.position),
            'beatPattern', jsonb_build_array(4), 'beatsInMeasure', '[]'::jsonb,
            'measureNumbers', '[]'::jsonb)
          FROM timelines t JOIN components c ON c.timeline_id = t.id
          WHERE t.file_id = f.id AND t.kind = 'BEAT_TIMELINE' GROUP BY t.id),
        (SELECT array_agg(b."time" ORDER BY b."time") FROM (SELECT c."time",
            row_number() OVER (ORDER BY c."time") - 1 AS i
          FROM timelines t JOIN components c ON c.timeline_id = t.id
          WHERE t.file_id = f.id AND t.kind = 'BEAT_TIMELINE') b WHERE b.i % 4 = 0)
      FROM files f JOIN concrete_works cw ON cw.id = f.concrete_work_id
        JOIN abstract_works aw ON aw.id = cw.abstract_work_id
      WHERE f.id > 1000000
      ON CONFLICT DO NOTHING;
      INSERT INTO tql_timelines (id, file_id, name, kind, role, author, ordinal, beats)
      SELECT t.id, t.file_id, t.name,
        CASE t.kind WHEN 'HIERARCHY_TIMELINE' THEN 'hierarchy' WHEN 'MARKER_TIMELINE' THEN 'marker'
          WHEN 'HARMONY_TIMELINE' THEN 'harmony' ELSE 'beat' END,
        CASE t.name WHEN 'Form' THEN 'form' WHEN 'Cadences' THEN 'cadences'
          WHEN 'Harmony' THEN 'harmony' END,
        NULL, t.ordinal,
        CASE WHEN t.kind = 'BEAT_TIMELINE' THEN (SELECT jsonb_build_object(
            'ids', jsonb_agg(c.id ORDER BY c.position), 'times', jsonb_agg(c."time" ORDER BY c.position))
          FROM components c WHERE c.timeline_id = t.id) END
      FROM timelines t WHERE t.file_id > 1000000
      ON CONFLICT DO NOTHING;
      INSERT INTO tql_units (id, file_id, timeline_id, kind, level, start, "end", label, categories,
        color, comments, depth, facts)
      SELECT c.id, c.file_id, c.timeline_id,
        CASE c.kind WHEN 'HIERARCHY' THEN 'hierarchy' WHEN 'MARKER' THEN 'marker'
          WHEN 'HARMONY' THEN 'chord' ELSE 'beat' END,
        CASE WHEN c.kind = 'HIERARCHY' THEN c.level END,
        coalesce(c.start, c."time"),
        CASE WHEN c.kind = 'HARMONY'
          THEN coalesce(lead(c."time") OVER (PARTITION BY c.timeline_id ORDER BY c."time"), 600)
          ELSE coalesce(c."end", c."time") END,
        coalesce(c.label, ''),
        CASE WHEN c.kind IN ('HIERARCHY', 'MARKER') AND coalesce(c.label, '') <> ''
          THEN ARRAY[lower(c.label)] ELSE '{}' END,
        c.color, c.comments,
        CASE WHEN c.kind = 'HIERARCHY' THEN 1 END,
        CASE WHEN c.kind = 'HARMONY' THEN jsonb_build_object('root', 'C', 'quality', 'major',
          'inversion', 0, 'applied_to', 0, 'roman', c.label,
          'romanBase', regexp_replace(regexp_replace(c.label, '65', '7'), '6$', ''),
          'symbol', 'C', 'symbolBase', 'C', 'key', 'C', 'custom', '') END
      FROM components c WHERE c.file_id > 1000000 AND c.kind <> 'BEAT'
      ON CONFLICT DO NOTHING;
      INSERT INTO tql_labels (category, file_id, units)
        SELECT category, file_id, array_agg(id) FROM tql_units, unnest(categories) AS category
        WHERE file_id > 1000000 GROUP BY category, file_id
      ON CONFLICT DO NOTHING;
      INSERT INTO tql_colors (file_id, color, units)
        SELECT file_id, lower(color), array_agg(id) FROM tql_units
        WHERE file_id > 1000000 AND color IS NOT NULL AND color <> '' GROUP BY file_id, lower(color)
      ON CONFLICT DO NOTHING;
      ANALYZE tql_labels; ANALYZE tql_colors; ANALYZE tql_files; ANALYZE tql_timelines; ANALYZE tql_units;
    `);
  });
}
