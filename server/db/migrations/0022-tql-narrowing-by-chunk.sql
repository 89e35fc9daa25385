-- The narrowing (server/tql/tql-narrowing.repository.ts) looks for the units and pairs a match
-- needs in one chunk of files at a time, and finds a step's units through a summary of each file
-- written with its index rows: the units holding each category and subtype head (tql_labels),
-- and each colour (tql_colors), and its bars' starts (tql_files). A few dozen rows a file, where 0021's index of every unit's
-- categories cost each upload a quarter of building the query index; so that index goes.
-- Files indexed before (TQL_INDEX_VERSION 1) have no units here until the start-up backfill
-- indexes them again; until then the narrowing keeps them.
DROP INDEX IF EXISTS tql_units_heads_idx;

ALTER TABLE tql_labels ADD COLUMN units bigint[] NOT NULL DEFAULT '{}';

-- Where each bar of a file's time map starts (as src/shared/time-map builds them), for
-- `[downbeat]`; null when no map can be made from the file's beats.
ALTER TABLE tql_files ADD COLUMN bar_starts double precision[];

-- A unit's colour as '#rrggbb' (tql-colors.ts cssColor), or '' for one it cannot read, which
-- every colour condition keeps.
CREATE TABLE tql_colors (
  file_id bigint NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  color text NOT NULL,
  units bigint[] NOT NULL,
  PRIMARY KEY (file_id, color)
);
