-- The original .tla bytes are kept gzipped (server/ingest/tla-bytes.ts). PostgreSQL compressed
-- them itself (TOAST, pglz), which under PGlite's WebAssembly took most of the ~330 ms that
-- storing the 9.2 MB reference file's bytes cost in an upload; zlib in Node does it in ~35 ms, and
-- the base64 text the insert sends (ingest.repository.ts) shrinks from 12 MB to 0.7 MB. Rows
-- stored before this migration stay as they were, marked 'identity'.
ALTER TABLE files ADD COLUMN tla_encoding text NOT NULL DEFAULT 'identity'
  CHECK (tla_encoding IN ('identity', 'gzip'));
-- Already compressed: PostgreSQL should store the bytes out of line without trying again.
ALTER TABLE files ALTER COLUMN tla SET STORAGE EXTERNAL;
