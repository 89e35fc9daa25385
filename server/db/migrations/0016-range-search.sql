-- components/query for desktop 0.7's ranges (search kind RANGE, migration 0015): label, comments
-- and row name as text, start and end as times. The same partial indexes as the other kinds
-- (0003), so a range search stays a walk along one index or a lookup in one trigram index, and
-- the per-file totals of distinct texts (0005) count range texts too, the row name included.

CREATE OR REPLACE FUNCTION components_count_searchable() RETURNS trigger
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
    ('formal_function', i.formal_function), ('formal_type', i.formal_type),
    ('row_name', i.row_name)) AS v(field, value)
  -- An empty text matches no condition (an empty condition is no condition). A range's colour
  -- is not searched, so it is not counted.
  WHERE (i.search_kind IN ('HIERARCHY', 'MARKER')
         OR (i.search_kind = 'RANGE' AND v.field IN ('label', 'comments', 'row_name')))
    AND v.value <> ''
  GROUP BY i.file_id, i.search_kind, v.field, v.value;
  RETURN NULL;
END
$$;

-- Ranges stored before this migration (under 0015) were counted per timeline but not per text.
INSERT INTO search_values (file_id, kind, field, value, count, is_public)
SELECT c.file_id, c.search_kind, v.field, v.value, count(*)::integer, bool_and(c.is_public)
FROM components c
CROSS JOIN LATERAL (VALUES ('label', c.label), ('comments', c.comments),
  ('row_name', c.row_name)) AS v(field, value)
WHERE c.search_kind = 'RANGE' AND v.value <> ''
GROUP BY c.file_id, c.search_kind, v.field, v.value;

CREATE INDEX components_r_label_trgm ON components USING gin (label gin_trgm_ops)
  WHERE is_public AND search_kind = 'RANGE';
CREATE INDEX components_r_comments_trgm ON components USING gin (comments gin_trgm_ops)
  WHERE is_public AND search_kind = 'RANGE';
CREATE INDEX components_r_row_name_trgm ON components USING gin (row_name gin_trgm_ops)
  WHERE is_public AND search_kind = 'RANGE';

CREATE INDEX components_r_title ON components ((work_title_sort COLLATE "C"), id)
  WHERE is_public AND search_kind = 'RANGE';
CREATE INDEX components_r_composer ON components ((lower(work_composer) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'RANGE';
CREATE INDEX components_r_label ON components ((lower(label) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'RANGE';
CREATE INDEX components_r_comments ON components ((lower(comments) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'RANGE';
CREATE INDEX components_r_row_name ON components ((lower(row_name) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'RANGE';
CREATE INDEX components_r_start ON components (start, id)
  WHERE is_public AND search_kind = 'RANGE';
CREATE INDEX components_r_end ON components ("end", id)
  WHERE is_public AND search_kind = 'RANGE';

CREATE INDEX search_values_r_label ON search_values USING gin (value gin_trgm_ops)
  WHERE is_public AND kind = 'RANGE' AND field = 'label';
CREATE INDEX search_values_r_comments ON search_values USING gin (value gin_trgm_ops)
  WHERE is_public AND kind = 'RANGE' AND field = 'comments';
CREATE INDEX search_values_r_row_name ON search_values USING gin (value gin_trgm_ops)
  WHERE is_public AND kind = 'RANGE' AND field = 'row_name';
