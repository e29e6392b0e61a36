-- The security log (issue 36): an account's own events (sign-ins and failed ones with place and device, factor,
-- address and password changes, recovery codes used, sessions ended, devices added and removed, exports), newest
-- first on the Security page; kept 400 days (services/housekeeping/prune.ts).
CREATE TABLE security_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  detail text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  ip text NOT NULL DEFAULT '',
  place text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX security_events_user_idx ON security_events (user_id, created_at DESC, id DESC);
CREATE INDEX security_events_created_idx ON security_events (created_at);
