-- A recording's waveform peaks at several resolutions (src/shared/waveform/peaks.ts), computed
-- from the media itself once it is stored: one row per media object, shared like the object by
-- every file that uses it. A recording that cannot be decoded keeps the reason instead.
CREATE TABLE media_peaks (
  media_sha256 text PRIMARY KEY REFERENCES media_objects (sha256) ON DELETE CASCADE,
  peaks bytea,
  note text,
  computed_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((peaks IS NULL) <> (note IS NULL))
);
