-- Passkeys (WebAuthn, issue 36, decision 196): an account's credentials, each with its public key (COSE, base64url),
-- its signature counter (a decrease below a non-zero count is refused: a cloned authenticator; synced passkeys keep
-- 0), whether it is synced (backed up) and the name its owner gave it.
CREATE TABLE passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text NOT NULL DEFAULT '[]',
  device_type text NOT NULL,
  backed_up boolean NOT NULL DEFAULT false,
  aaguid text NOT NULL DEFAULT '',
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_user_idx ON passkeys (user_id);

-- The challenges handed out for adding a passkey (with the account) and for signing in with one (without: the
-- passkey names its account), each used once within 5 minutes.
CREATE TABLE webauthn_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  challenge text NOT NULL UNIQUE,
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at);
