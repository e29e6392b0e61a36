-- Sign-in through the system browser: the OAuth 2.0 device authorization grant (RFC 8628, decision 185). The program
-- asks for a code (a row here), the user approves or denies it on the site's /activate page while signed in, and the
-- program's polling of the token endpoint receives a desktop session once. Only SHA-256 hashes of the device code and
-- of the user code are kept. A row lives 10 minutes (expires_at); rows are worth nothing after that.
CREATE TABLE device_grants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  device_code_hash text NOT NULL UNIQUE,
  user_code_hash text NOT NULL UNIQUE,
  -- What the program said it is, shown on the approval page ("Sign in Stealth Browser on {device}?").
  device_name text NOT NULL DEFAULT '',
  device_os text NOT NULL DEFAULT '',
  -- pending → approved | denied (by one signed-in session, once) → issued (the token endpoint gave the session, once).
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'issued')),
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  decided_by_session_id uuid,
  -- The account's token version when it approved: a password change or reset since then voids the approval.
  token_version integer,
  session_id uuid,
  interval_seconds integer NOT NULL CHECK (interval_seconds BETWEEN 1 AND 600),
  last_polled_at timestamptz,
  ip text NOT NULL DEFAULT '',
  place text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  issued_at timestamptz
);
-- Rows past their lifetime, for the clean-up of old grants.
CREATE INDEX device_grants_expires_idx ON device_grants (expires_at);
