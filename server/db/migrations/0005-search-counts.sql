-- components/query at 1,000,000 components (issue #5): counts without counting components, and
-- the components of a few files without reading every other kind's.
--
-- A search counts its matches before it finds a page (the count decides how the page is found),
-- and counting meant visiting every match: 20,000 matches of a substring, each on its own page
-- of the table, 40-80 ms. Two small tables of totals, filled by a trigger on every INSERT into
-- components, answer the usual searches instead:
--
-- * each timeline keeps the number of its searchable components (those with a search_kind; all
--   of one kind, fixed by the timeline's kind). A search without conditions on the components'
--   own fields (every beat; the hierarchy units of Mozart's files), and the kind's total that
--   the page strategy needs, is a sum over a few thousand timelines;
-- * search_values keeps, per file, how many components of each kind carry each distinct text in
--   each text field. A search on one text field (label contains 'PAC') sums the counts of the
--   distinct texts that match, rather than testing every component: a file has many components
--   and few distinct labels, formal functions or colours.
--
-- Components are stored and removed only with their timeline and file (ingestion, a file's
-- cascading delete) and never change file, timeline, kind or text, so counting what each INSERT
-- adds keeps both exact; whether a file is public is read from files when counting.

ALTER TABLE timelines ADD COLUMN search_count integer NOT NULL DEFAULT 0;

CREATE TABLE search_values (
  file_id bigint NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  -- components.search_kind: HIERARCHY or MARKER (beats have no text fields)
  kind text NOT NULL,
  -- the component field: label, comments, color, formal_function, formal_type
  field text NOT NULL,
  value text NOT NULL,
  count integer NOT NULL,
  -- the file's, kept in step like components.is_public (migration 0003)
  is_public boolean NOT NULL
);
CREATE INDEX search_values_file_id_idx ON search_values (file_id);

-- One trigram index per kind and field, public files only, like the components' own (0003): a
-- count then reads only the texts it can match. Each row enters one index at most.
CREATE INDEX search_values_h_label ON search_values USING gin (value gin_trgm_ops)
  WHERE is_public AND kind = 'HIERARCHY' AND field = 'label';
CREATE INDEX search_values_h_comments ON search_values USING gin (value gin_trgm_ops)
  WHERE is_public AND kind = 'HIERARCHY' AND field = 'comments';
CREATE INDEX search_values_h_color ON search_values USING gin (value gin_trgm_ops)
  WHERE is_public AND kind = 'HIERARCHY' AND field = 'color';
CREATE INDEX search_values_h_formal_function ON search_values USING gin (value gin_trgm_ops)
  WHERE is_public AND kind = 'HIERARCHY' AND field = 'formal_function';
CREATE INDEX search_values_h_formal_type ON search_values USING gin (value gin_trgm_ops)
  WHERE is_public AND kind = 'HIERARCHY' AND field = 'formal_type';
CREATE INDEX search_values_m_label ON search_values USING gin (value gin_trgm_ops)
  WHERE is_public AND kind = 'MARKER' AND field = 'label';
CREATE INDEX search_values_m_comments ON search_values USING gin (value gin_trgm_ops)
  WHERE is_public AND kind = 'MARKER' AND field = 'comments';
CREATE INDEX search_values_m_color ON search_values USING gin (value gin_trgm_ops)
  WHERE is_public AND kind = 'MARKER' AND field = 'color';

CREATE FUNCTION files_sync_search_values_public() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_values SET is_public = NEW.is_public WHERE file_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER files_sync_search_values_public AFTER UPDATE OF is_public ON files
  FOR EACH ROW WHEN (OLD.is_public IS DISTINCT FROM NEW.is_public)
  EXECUTE FUNCTION files_sync_search_values_public();

CREATE FUNCTION components_count_searchable() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE timelines t SET search_count = t.search_count + n.count
  FROM (SELECT timeline_id, count(*)::integer AS count FROM inserted
        WHERE search_kind IS NOT NULL GROUP BY timeline_id) n
  WHERE t.id = n.timeline_id;
  -- One statement may hold a file's components in several batches or timelines: the same
  -- (file, kind, field, value) can then appear in several rows, and sums add them up.
  INSERT INTO search_values (file_id, kind, field, value, count, is_public)
  SELECT i.file_id, i.search_kind, v.field, v.value, count(*)::integer, bool_and(i.is_public)
  FROM inserted i
  CROSS JOIN LATERAL (VALUES ('label', i.label), ('comments', i.comments), ('color', i.color),
    ('formal_function', i.formal_function), ('formal_type', i.formal_type)) AS v(field, value)
  -- An empty text matches no condition (an empty condition is no condition).
  WHERE i.search_kind IN ('HIERARCHY', 'MARKER') AND v.value <> ''
  GROUP BY i.file_id, i.search_kind, v.field, v.value;
  RETURN NULL;
END
$$;
CREATE TRIGGER components_count_searchable AFTER INSERT ON components
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION components_count_searchable();

-- The components stored before this migration, counted the same way.
UPDATE timelines t SET search_count = n.count
FROM (SELECT timeline_id, count(*)::integer AS count FROM components
      WHERE search_kind IS NOT NULL GROUP BY timeline_id) n
WHERE t.id = n.timeline_id;
INSERT INTO search_values (file_id, kind, field, value, count, is_public)
SELECT c.file_id, c.search_kind, v.field, v.value, count(*)::integer, bool_and(c.is_public)
FROM components c
CROSS JOIN LATERAL (VALUES ('label', c.label), ('comments', c.comments), ('color', c.color),
  ('formal_function', c.formal_function), ('formal_type', c.formal_type)) AS v(field, value)
WHERE c.search_kind IN ('HIERARCHY', 'MARKER') AND v.value <> ''
GROUP BY c.file_id, c.search_kind, v.field, v.value;

-- A search on file conditions alone fetches the matching files' components of one kind: with
-- file_id alone in the index it read all of a file's components (a 250-component file: 40
-- hierarchy units, 210 others fetched and thrown away). The wider index serves the foreign key's
-- cascade as well, so it replaces the old one rather than adding an index to every upload.
CREATE INDEX components_file_kind_idx ON components (file_id, search_kind);
DROP INDEX components_file_id_idx;
