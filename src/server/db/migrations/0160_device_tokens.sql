-- Device tokens (decision 061) are remembered by their id, so that they can be retired (decision 102): a password
-- change or reset, "sign out of all other sessions" and an admin's "end sessions" delete every row of the account,
-- and an account keeps its newest few. A token whose row is gone counts as no token. Tokens handed out before this
-- migration have no row: their devices get a new one at their next sign-in.
CREATE TABLE device_tokens (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_tokens_user_idx ON device_tokens (user_id, created_at);
