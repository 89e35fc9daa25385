-- Browse and search (files/query, components/query) at 1,000,000 components, p95 <= 50 ms.
--
-- A component search filters and sorts on columns of four tables (components, timelines, files,
-- the works). No index spans tables, so sorting public hierarchy components by work title would
-- mean joining and sorting every match. Instead each component carries the few per-file facts a
-- search needs: which searchable kind it is, whether its file is public, and its work's title and
-- composer. Ingestion writes them in the same INSERT; the triggers below keep them in step when a
-- file's public flag or a work's names change, and fill them for any other insert path.
--
-- Text sort keys are lower(x) COLLATE "C": case-insensitive, identical on every server whatever
-- its default collation, and cheaper to compare than a linguistic collation.

ALTER TABLE components
  ADD COLUMN search_kind text,
  ADD COLUMN is_public boolean,
  ADD COLUMN work_title text,
  ADD COLUMN work_composer text;

-- Only hierarchy, marker and beat timelines are searchable (SPEC.md section 9); a component of any
-- other timeline (harmony, PDF, a kind from a newer desktop app) has no search_kind.
CREATE FUNCTION component_search_kind(timeline_kind text, component_kind text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN timeline_kind = 'HIERARCHY_TIMELINE' AND component_kind = 'HIERARCHY' THEN 'HIERARCHY'
    WHEN timeline_kind = 'MARKER_TIMELINE' AND component_kind = 'MARKER' THEN 'MARKER'
    WHEN timeline_kind = 'BEAT_TIMELINE' AND component_kind = 'BEAT' THEN 'BEAT'
  END
$$;

UPDATE components c
SET search_kind = component_search_kind(t.kind, c.kind),
    is_public = f.is_public,
    work_title = aw.title,
    work_composer = aw.composer
FROM timelines t, files f, concrete_works cw, abstract_works aw
WHERE t.id = c.timeline_id AND f.id = c.file_id AND cw.id = f.concrete_work_id
  AND aw.id = cw.abstract_work_id;

-- Ingestion fills the columns itself (a per-row lookup would slow a 43,200-beat upload down);
-- this catches every other insert path. The WHEN clause keeps the trigger free for ingestion.
CREATE FUNCTION components_fill_search_columns() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT component_search_kind(t.kind, NEW.kind), f.is_public, aw.title, aw.composer
  INTO NEW.search_kind, NEW.is_public, NEW.work_title, NEW.work_composer
  FROM timelines t
  JOIN files f ON f.id = NEW.file_id
  JOIN concrete_works cw ON cw.id = f.concrete_work_id
  JOIN abstract_works aw ON aw.id = cw.abstract_work_id
  WHERE t.id = NEW.timeline_id;
  RETURN NEW;
END
$$;
CREATE TRIGGER components_fill_search_columns BEFORE INSERT ON components
  FOR EACH ROW WHEN (NEW.is_public IS NULL) EXECUTE FUNCTION components_fill_search_columns();

CREATE FUNCTION files_sync_search_public() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE components SET is_public = NEW.is_public WHERE file_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER files_sync_search_public AFTER UPDATE OF is_public ON files
  FOR EACH ROW WHEN (OLD.is_public IS DISTINCT FROM NEW.is_public)
  EXECUTE FUNCTION files_sync_search_public();

CREATE FUNCTION abstract_works_sync_search_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE components c SET work_title = NEW.title, work_composer = NEW.composer
  FROM files f, concrete_works cw
  WHERE c.file_id = f.id AND f.concrete_work_id = cw.id AND cw.abstract_work_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER abstract_works_sync_search_names AFTER UPDATE OF title, composer ON abstract_works
  FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.composer IS DISTINCT FROM NEW.composer)
  EXECUTE FUNCTION abstract_works_sync_search_names();

-- Substring search: trigram GIN indexes, on public searchable components only.
CREATE INDEX components_label_trgm ON components USING gin (label gin_trgm_ops)
  WHERE is_public AND search_kind IN ('HIERARCHY', 'MARKER');
CREATE INDEX components_comments_trgm ON components USING gin (comments gin_trgm_ops)
  WHERE is_public AND search_kind IN ('HIERARCHY', 'MARKER');
CREATE INDEX components_color_trgm ON components USING gin (color gin_trgm_ops)
  WHERE is_public AND search_kind IN ('HIERARCHY', 'MARKER');
CREATE INDEX components_formal_function_trgm ON components USING gin (formal_function gin_trgm_ops)
  WHERE is_public AND search_kind = 'HIERARCHY';
CREATE INDEX components_formal_type_trgm ON components USING gin (formal_type gin_trgm_ops)
  WHERE is_public AND search_kind = 'HIERARCHY';

-- One index per (kind, sort key), ending in id: a page is a walk along the index, in either
-- direction, that stops after offset + 15 matching rows. The time and start indexes also serve
-- the numeric conditions.
CREATE INDEX components_h_title ON components ((lower(work_title) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'HIERARCHY';
CREATE INDEX components_h_composer ON components ((lower(work_composer) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'HIERARCHY';
CREATE INDEX components_h_label ON components ((lower(label) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'HIERARCHY';
CREATE INDEX components_h_comments ON components ((lower(comments) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'HIERARCHY';
CREATE INDEX components_h_color ON components ((lower(color) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'HIERARCHY';
CREATE INDEX components_h_formal_function ON components ((lower(formal_function) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'HIERARCHY';
CREATE INDEX components_h_formal_type ON components ((lower(formal_type) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'HIERARCHY';
CREATE INDEX components_h_start ON components (start, id)
  WHERE is_public AND search_kind = 'HIERARCHY';
CREATE INDEX components_h_end ON components ("end", id)
  WHERE is_public AND search_kind = 'HIERARCHY';

CREATE INDEX components_m_title ON components ((lower(work_title) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'MARKER';
CREATE INDEX components_m_composer ON components ((lower(work_composer) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'MARKER';
CREATE INDEX components_m_label ON components ((lower(label) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'MARKER';
CREATE INDEX components_m_comments ON components ((lower(comments) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'MARKER';
CREATE INDEX components_m_color ON components ((lower(color) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'MARKER';
CREATE INDEX components_m_time ON components ("time", id)
  WHERE is_public AND search_kind = 'MARKER';

CREATE INDEX components_b_title ON components ((lower(work_title) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'BEAT';
CREATE INDEX components_b_composer ON components ((lower(work_composer) COLLATE "C"), id)
  WHERE is_public AND search_kind = 'BEAT';
CREATE INDEX components_b_time ON components ("time", id)
  WHERE is_public AND search_kind = 'BEAT';

-- files/query: substring search on the work names and sorting by them. The file list is small
-- next to the components (one row per upload), so a join and a sort of its matches stays cheap.
CREATE INDEX abstract_works_title_trgm ON abstract_works USING gin (title gin_trgm_ops);
CREATE INDEX abstract_works_composer_trgm ON abstract_works USING gin (composer gin_trgm_ops);
CREATE INDEX concrete_works_artist_trgm ON concrete_works USING gin (artist gin_trgm_ops);
CREATE INDEX abstract_works_title_sort ON abstract_works ((lower(title) COLLATE "C"), id);
CREATE INDEX abstract_works_composer_sort ON abstract_works ((lower(composer) COLLATE "C"), id);
CREATE INDEX concrete_works_artist_sort ON concrete_works ((lower(artist) COLLATE "C"), id);
CREATE INDEX files_public_idx ON files (id) WHERE is_public;

-- Counting every match of a broad search is the one cost an index cannot remove, and paging
-- through a result repeats the same count. The server therefore keeps counts in memory, keyed by
-- this generation: any change that can alter a count (a file stored, deleted or made public or
-- private; a work renamed) bumps it at commit, and a count cached under an older generation is
-- never used again. Deferred to commit time, the row lock on the counter is held only while the
-- transaction commits, so concurrent uploads do not wait on one another.
CREATE TABLE search_generation (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  generation bigint NOT NULL
);
INSERT INTO search_generation (generation) VALUES (0);

CREATE FUNCTION bump_search_generation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_generation SET generation = generation + 1;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER files_search_generation
  AFTER INSERT OR DELETE OR UPDATE OF is_public, concrete_work_id ON files
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_search_generation();
CREATE CONSTRAINT TRIGGER abstract_works_search_generation
  AFTER UPDATE OF title, composer ON abstract_works
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_search_generation();
CREATE CONSTRAINT TRIGGER concrete_works_search_generation
  AFTER UPDATE OF artist, abstract_work_id ON concrete_works
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_search_generation();
