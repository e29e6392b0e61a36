-- New sign-in notices (issue 36, decision 200): a sign-in from a browser or device the account has not used before is
-- told to the account by mail, with a "This wasn't me" link that ends every session and asks for a new password. The
-- link's token is kept as SHA-256; it works once, for 7 days. What the notice told of is kept for the security log
-- (the browser and system, the address, the place) and, for the desktop program, the device it added.
CREATE TABLE sign_in_notices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  user_agent text NOT NULL DEFAULT '',
  ip text NOT NULL DEFAULT '',
  place text NOT NULL DEFAULT '',
  device_id uuid REFERENCES devices(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sign_in_notices_user_idx ON sign_in_notices (user_id);
CREATE INDEX sign_in_notices_expires_idx ON sign_in_notices (expires_at);

-- A password sign-in with two-step verification decides at its second step as at its first: whether the browser
-- showed a sign-in proof of the account. Null when none could be shown (a passkey's sign-in names no address).
ALTER TABLE sign_in_challenges ADD COLUMN sign_in_proof boolean;
