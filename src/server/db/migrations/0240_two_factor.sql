-- Two-step verification (issue 36, decision 192). An account's authenticator app (TOTP, RFC 6238): its secret sealed
-- with TWO_FACTOR_KEY (AES-256-GCM, never stored in the clear), confirmed once a code from it was given, and the last
-- time step a code was accepted at, so each code works once (compared and set in one UPDATE).
CREATE TABLE totp_factors (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret_sealed text NOT NULL,
  confirmed_at timestamptz,
  last_step bigint,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The account's recovery codes: ten, each 50 bits, kept as an HMAC-SHA256 under a key of the server's (the code is
-- never stored), each spent once by one UPDATE. Regenerating deletes the set.
CREATE TABLE recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hmac text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, code_hmac)
);

-- The second step of a sign-in: the password was right, the session waits for a code. Only the SHA-256 of the
-- challenge is kept; it lives 5 minutes, takes 5 wrong codes, and opens one session (used_at set once).
CREATE TABLE sign_in_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The account's token version when the password was checked: a reset since then voids the challenge.
  token_version integer NOT NULL,
  device_type text NOT NULL CHECK (device_type IN ('web', 'desktop')),
  user_agent text NOT NULL DEFAULT '',
  ip text NOT NULL DEFAULT '',
  place text NOT NULL DEFAULT '',
  failures integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sign_in_challenges_expires_idx ON sign_in_challenges (expires_at);

-- Step-up: until when this session may make a sensitive change (set by a fresh password or code, 10 minutes,
-- renewed by each sensitive action). Read fresh by the step-up check, never from the kept session check.
ALTER TABLE sessions ADD COLUMN step_up_until timestamptz;
