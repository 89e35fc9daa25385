-- Rate-limit counters kept in the database, so that every instance on one PostgreSQL server
-- counts against the same limits (the embedded database has one process, which keeps them in
-- memory and leaves these tables empty). Counters are worth nothing after a crash: UNLOGGED.
CREATE UNLOGGED TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_expiry ON rate_limit_counters (expires_at);

-- MAX_UPLOADS_PER_HOUR: one row per upload request of the last hour.
CREATE UNLOGGED TABLE upload_quota_events (
  user_id bigint NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX upload_quota_events_user ON upload_quota_events (user_id, at);
