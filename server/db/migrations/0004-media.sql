-- Media and score PDFs uploaded with .tla files, stored content-addressed under MEDIA_DIR: one
-- object per distinct content (sha256), shared by every file that uses it, removed from disk when
-- the last file using it is deleted.

CREATE TABLE media_objects (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  -- relative to MEDIA_DIR on disk and to MEDIA_BASE_URL for browsers: 'ab/ab12...ef.wav'
  path text NOT NULL UNIQUE,
  -- found from the bytes, not from the uploaded name
  mime_type text NOT NULL,
  size bigint NOT NULL CHECK (size > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE media_references (
  file_id bigint NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  media_sha256 text NOT NULL REFERENCES media_objects (sha256),
  -- 'media': the work's audio or video; 'pdf': the score of a PDF timeline
  role text NOT NULL CHECK (role IN ('media', 'pdf')),
  PRIMARY KEY (file_id, media_sha256, role)
);
CREATE INDEX media_references_media_sha256_idx ON media_references (media_sha256);
