-- Recovering two-step verification by e-mail, without the authenticator or a recovery code (issue 36, decision 201).
-- Asked for from the sign-in's second step, so only after the password; the account's address is told at once with a
-- link that cancels it. After TWO_FACTOR.recoveryWaitHours a second mail carries the link that finishes it (it turns
-- two-step verification off and ends every session), valid TWO_FACTOR.recoveryFinishDays. A sign-in with a factor, the
-- cancel link or a signed-in session's "cancel" ends it. At most one open per account; the links kept as SHA-256.
CREATE TABLE two_factor_recoveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The account's token version when it was asked for: a password changed since voids it.
  token_version integer NOT NULL,
  cancel_token_hash text NOT NULL UNIQUE,
  finish_token_hash text UNIQUE,
  user_agent text NOT NULL DEFAULT '',
  ip text NOT NULL DEFAULT '',
  place text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  ready_at timestamptz NOT NULL,
  ready_mailed_at timestamptz,
  finish_expires_at timestamptz,
  completed_at timestamptz,
  cancelled_at timestamptz,
  cancel_reason text CHECK (cancel_reason IN ('link', 'signed-in', 'session', 'two-factor-off', 'admin-reset', 'password-changed', 'expired'))
);
CREATE UNIQUE INDEX two_factor_recoveries_one_open ON two_factor_recoveries (user_id) WHERE completed_at IS NULL AND cancelled_at IS NULL;
CREATE INDEX two_factor_recoveries_due_idx ON two_factor_recoveries (ready_at) WHERE ready_mailed_at IS NULL AND completed_at IS NULL AND cancelled_at IS NULL;
