-- The schema of DESIGN.md section 5. Ids below 156 are reserved for the example analyses that the
-- home page links to (135-155), so every sequence starts at 156.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL DEFAULT '',
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  -- argon2id PHC string; NULL means the account cannot log in (e.g. the seeded 'tilia' user)
  password_hash text,
  is_active boolean NOT NULL DEFAULT true,
  date_joined timestamptz NOT NULL DEFAULT now(),
  last_login timestamptz,
  password_changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email)) WHERE email <> '';
ALTER SEQUENCE users_id_seq RESTART WITH 156;

CREATE TABLE abstract_works (
  id bigserial PRIMARY KEY,
  title text NOT NULL DEFAULT 'Untitled',
  composer text NOT NULL DEFAULT ''
);
ALTER SEQUENCE abstract_works_id_seq RESTART WITH 156;

CREATE TABLE concrete_works (
  id bigserial PRIMARY KEY,
  abstract_work_id bigint NOT NULL REFERENCES abstract_works (id) ON DELETE CASCADE,
  artist text NOT NULL DEFAULT '',
  type text NOT NULL CHECK (type IN ('audio', 'video')),
  storage text NOT NULL CHECK (storage IN ('staticfiles', 'youtube', 'abstract')),
  url text NOT NULL DEFAULT '',
  length double precision NOT NULL DEFAULT 0,
  start double precision NOT NULL DEFAULT 0,
  "end" double precision NOT NULL DEFAULT 0
);
CREATE INDEX concrete_works_abstract_work_id_idx ON concrete_works (abstract_work_id);
ALTER SEQUENCE concrete_works_id_seq RESTART WITH 156;

CREATE TABLE files (
  id bigserial PRIMARY KEY,
  author_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  concrete_work_id bigint NOT NULL REFERENCES concrete_works (id) ON DELETE CASCADE,
  is_public boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- the uploaded name, for messages only; downloads are named after the work title
  original_name text NOT NULL DEFAULT '',
  -- 'tla' (desktop save) or 'export' (File > Export > JSON)
  format text NOT NULL CHECK (format IN ('tla', 'export')),
  app_version text,
  media_metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- the original upload, byte for byte
  tla bytea NOT NULL
);
CREATE INDEX files_author_id_idx ON files (author_id);
CREATE INDEX files_concrete_work_id_idx ON files (concrete_work_id);
ALTER SEQUENCE files_id_seq RESTART WITH 156;

CREATE TABLE timelines (
  id bigserial PRIMARY KEY,
  file_id bigint NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  -- long form ('HIERARCHY_TIMELINE') for known kinds, the file's spelling for unknown ones
  kind text NOT NULL,
  kind_name text NOT NULL,
  is_known_kind boolean NOT NULL DEFAULT true,
  name text NOT NULL DEFAULT '',
  ordinal integer NOT NULL,
  display_position integer NOT NULL,
  is_visible boolean NOT NULL DEFAULT true,
  height double precision,
  level_height double precision,
  level_count integer,
  visible_level_count integer,
  beat_pattern jsonb,
  measure_numbers jsonb,
  beats_in_measure jsonb,
  measures_to_force_display jsonb,
  pdf_path text,
  pdf_url text,
  -- attributes of unknown kinds, kept as written
  attributes jsonb
);
CREATE INDEX timelines_file_id_idx ON timelines (file_id, display_position);
ALTER SEQUENCE timelines_id_seq RESTART WITH 156;

CREATE TABLE components (
  id bigserial PRIMARY KEY,
  timeline_id bigint NOT NULL REFERENCES timelines (id) ON DELETE CASCADE,
  file_id bigint NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  -- position within its timeline, in the desktop app's order
  position integer NOT NULL,
  kind text NOT NULL,
  label text,
  comments text,
  color text,
  formal_function text,
  formal_type text,
  start double precision,
  "end" double precision,
  pre_start double precision,
  post_end double precision,
  "time" double precision,
  level integer,
  page_number integer,
  amplitude double precision,
  step smallint,
  accidental smallint,
  quality text,
  inversion smallint,
  applied_to smallint,
  display_mode text,
  custom_text text,
  custom_text_font_type text,
  mode_type text,
  -- fields of kinds that are kept but not searched (score components, unknown kinds)
  extra jsonb
);
CREATE INDEX components_timeline_id_idx ON components (timeline_id, position);
CREATE INDEX components_file_id_idx ON components (file_id);
ALTER SEQUENCE components_id_seq RESTART WITH 156;
