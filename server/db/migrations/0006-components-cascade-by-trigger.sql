-- Uploading the reference file (61,800 components) on PGlite with a million components stored:
-- the two foreign keys of components cost a trigger call and an index probe per inserted row,
-- ~14 us a row between them, ~0.85 s of the ~2.7 s that storing the file took (EXPLAIN ANALYZE
-- of 20,000 beats: 805-892 ms with them, 515-525 ms without).
--
-- Neither check guards anything the insert does not already guarantee: components are only
-- written by ingest (server/ingest/ingest.repository.ts), in the transaction that has just
-- created their file and timeline, and its INSERT ... SELECT joins that timeline and file, so a
-- statement for a file or timeline that does not exist inserts nothing. What the keys did beyond
-- that is the cascade when a file goes (directly, or with its user or its works); one
-- statement-level trigger now does that, a single DELETE per statement rather than one per row.
-- Timelines are only ever deleted with their file (their own key cascades from files).
ALTER TABLE components DROP CONSTRAINT components_timeline_id_fkey;
ALTER TABLE components DROP CONSTRAINT components_file_id_fkey;

CREATE FUNCTION components_delete_with_files() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- components_file_kind_idx (file_id, search_kind) finds them.
  DELETE FROM components c USING gone g WHERE c.file_id = g.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER components_delete_with_files AFTER DELETE ON files
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION components_delete_with_files();

