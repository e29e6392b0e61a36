-- A passkey as the sign-in's second step (decision 198): the challenge keeps what its first step was, so that a
-- sign-in begun with a passkey (one without user verification, on an account with two-step verification) is not
-- finished with a passkey again. The challenges handed out before this know only the password.
ALTER TABLE sign_in_challenges ADD COLUMN first_step text NOT NULL DEFAULT 'password' CHECK (first_step IN ('password', 'passkey'));
