-- Each file's viewer JSON (files/{id}/json), built once when the file is stored and kept gzipped:
-- a request then reads one row of a few hundred kB instead of every component of the file (a
-- 1.3-million-beat file took 31 s to assemble, holding the embedded database all along). A file's
-- content never changes after upload, so the payload never goes stale; it goes with its file.
CREATE TABLE viewer_payloads (
  file_id bigint PRIMARY KEY REFERENCES files (id) ON DELETE CASCADE,
  json_gzip bytea NOT NULL,
  json_bytes integer NOT NULL
);
-- Already compressed: PostgreSQL should store the bytes out of line without trying again.
ALTER TABLE viewer_payloads ALTER COLUMN json_gzip SET STORAGE EXTERNAL;
