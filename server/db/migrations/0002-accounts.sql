-- Accounts (issue 4): the refresh tokens handed out, so that rotation, logout and a password
-- change can blacklist them (djangorestframework-simplejwt's OutstandingToken and
-- BlacklistedToken, kept as one row per token). Password-reset tokens need no table: like
-- Django's, each is an HMAC over the user's current state, so it dies when that state changes.

CREATE TABLE refresh_tokens (
  -- the token's jti claim
  jti text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- set once, when the token is rotated, logged out or revoked; a set value never changes
  blacklisted_at timestamptz
);
CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens (user_id, expires_at);
