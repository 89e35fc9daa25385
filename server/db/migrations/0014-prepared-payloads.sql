-- Each file's prepared payload (the viewer's binary form, src/shared/viewer-payload), gzipped,
-- beside its viewer JSON: the viewer opens it without parsing and preparing the JSON again. It is
-- built by the server's code of one version of the format; a payload of another version (or none,
-- for files stored before) is built again on start and at the file's first request.
ALTER TABLE viewer_payloads ADD COLUMN prepared_gzip bytea;
ALTER TABLE viewer_payloads ADD COLUMN prepared_version integer;
ALTER TABLE viewer_payloads ALTER COLUMN prepared_gzip SET STORAGE EXTERNAL;
