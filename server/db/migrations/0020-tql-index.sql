-- The query index of TQL (server/tql/tql-index.ts, docs/query.md): per file its fields, time map
-- and index version; per timeline its TQL kind, role and author; per unit (hierarchy, marker,
-- range, chord, key, beat) its span, categories, parent and derived harmony facts. Built at
-- upload in the file's own transaction, and at start for files indexed by an older version.

CREATE TABLE tql_files (
  file_id bigint PRIMARY KEY REFERENCES files (id) ON DELETE CASCADE,
  index_version integer NOT NULL,
  title text NOT NULL DEFAULT '',
  media_length double precision,
  extent double precision NOT NULL DEFAULT 0,
  grammar text NOT NULL DEFAULT 'whole',
  fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  time_map jsonb
);
CREATE INDEX tql_files_version_idx ON tql_files (index_version);

CREATE TABLE tql_timelines (
  id bigint PRIMARY KEY REFERENCES timelines (id) ON DELETE CASCADE,
  file_id bigint NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL,
  role text,
  author text,
  ordinal integer NOT NULL,
  -- A beat timeline's beats, as two lists (component ids, times) rather than as units: they are
  -- most of a file's units, and only a beat lane reads them.
  beats jsonb
);
CREATE INDEX tql_timelines_file_idx ON tql_timelines (file_id, ordinal);
CREATE INDEX tql_timelines_role_idx ON tql_timelines (role, file_id);
CREATE INDEX tql_timelines_name_idx ON tql_timelines (lower(name));

-- No foreign key: a key costs a trigger call per inserted row, and a file has many units. Like
-- components (0006), units go with their file through one statement-level trigger.
CREATE TABLE tql_units (
  id bigint PRIMARY KEY,
  file_id bigint NOT NULL,
  timeline_id bigint NOT NULL,
  kind text NOT NULL,
  level integer,
  row_name text,
  start double precision NOT NULL,
  "end" double precision NOT NULL,
  label text NOT NULL DEFAULT '',
  categories text[] NOT NULL DEFAULT '{}',
  color text,
  comments text,
  parent_id bigint,
  depth integer,
  facts jsonb
);
-- A query loads the units of the kinds it can reach, file by file (tql.repository.ts loadCorpus);
-- lanes are then put in time order in the work pool. One index: each more costs every upload.
CREATE INDEX tql_units_file_kind_idx ON tql_units (file_id, kind);

CREATE FUNCTION tql_units_delete_with_files() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tql_units u USING gone g WHERE u.file_id = g.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER tql_units_delete_with_files AFTER DELETE ON files
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION tql_units_delete_with_files();

-- Each file's label categories, once each, and the head of each subtype ('bridge' for
-- 'bridge.modern'): a query's required words find the files that can match before any unit is
-- loaded. A few dozen rows a file, so its index costs an upload little.
CREATE TABLE tql_labels (
  category text NOT NULL,
  file_id bigint NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  PRIMARY KEY (category, file_id)
);
CREATE INDEX tql_labels_file_idx ON tql_labels (file_id);
