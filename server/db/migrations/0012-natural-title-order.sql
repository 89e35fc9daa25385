-- Titles sort in natural order, the same on every server: "Sonata No. 6" before "Sonata No. 10".
-- The sort key is the lower-cased title with every run of digits padded with zeros to 12 places
-- (a longer run stays as it is), cut to 200 characters (within a btree entry's room, and far more
-- than two titles need to be told apart; ties go by id). Computed once per work (a generated
-- column) and copied to its components like the title itself, so a 43,200-beat upload does not
-- compute it 43,200 times.
CREATE FUNCTION natural_sort_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT left(coalesce(string_agg(
      CASE WHEN m.part[1] ~ '^[0-9]' AND length(m.part[1]) < 12
        THEN lpad(m.part[1], 12, '0') ELSE m.part[1] END,
      '' ORDER BY m.n), ''), 200)
  FROM regexp_matches(lower(value), '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS m(part, n)
$$;

ALTER TABLE abstract_works
  ADD COLUMN title_sort text GENERATED ALWAYS AS (natural_sort_key(title)) STORED;
DROP INDEX abstract_works_title_sort;
CREATE INDEX abstract_works_title_sort ON abstract_works ((title_sort COLLATE "C"), id);

ALTER TABLE components ADD COLUMN work_title_sort text;
UPDATE components c SET work_title_sort = aw.title_sort
FROM files f, concrete_works cw, abstract_works aw
WHERE f.id = c.file_id AND cw.id = f.concrete_work_id AND aw.id = cw.abstract_work_id;

DROP INDEX components_h_title;
DROP INDEX components_m_title;
DROP INDEX components_b_title;
CREATE INDEX components_h_title ON components ((work_title_sort COLLATE "C"), id)
  WHERE is_public AND search_kind = 'HIERARCHY';
CREATE INDEX components_m_title ON components ((work_title_sort COLLATE "C"), id)
  WHERE is_public AND search_kind = 'MARKER';
CREATE INDEX components_b_title ON components ((work_title_sort COLLATE "C"), id)
  WHERE is_public AND search_kind = 'BEAT';

-- The other insert paths and a changed title keep the copy in step, as they do the title.
CREATE OR REPLACE FUNCTION components_fill_search_columns() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT component_search_kind(t.kind, NEW.kind), f.is_public, aw.title, aw.title_sort,
    aw.composer
  INTO NEW.search_kind, NEW.is_public, NEW.work_title, NEW.work_title_sort, NEW.work_composer
  FROM timelines t
  JOIN files f ON f.id = NEW.file_id
  JOIN concrete_works cw ON cw.id = f.concrete_work_id
  JOIN abstract_works aw ON aw.id = cw.abstract_work_id
  WHERE t.id = NEW.timeline_id;
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION abstract_works_sync_search_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE components c
  SET work_title = NEW.title, work_title_sort = NEW.title_sort, work_composer = NEW.composer
  FROM files f, concrete_works cw
  WHERE c.file_id = f.id AND f.concrete_work_id = cw.id AND cw.abstract_work_id = NEW.id;
  RETURN NULL;
END
$$;
