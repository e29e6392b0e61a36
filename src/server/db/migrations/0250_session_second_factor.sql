-- Admins act only from a session opened with a second factor (issue 36, decision 193): when this session's sign-in
-- passed the second step (an authenticator's code or a recovery code), or when the account turned two-step
-- verification on from it. Null for a session opened by the password alone.
ALTER TABLE sessions ADD COLUMN second_factor_at timestamptz;
