-- The session check of signed-in requests is kept briefly in each instance's memory (decision 091,
-- services/auth/session-cache.ts). Every statement that can change its answer announces itself on the channel
-- auth_sessions when it commits, so that every instance forgets what it kept: a session ended, expired or moved
-- (sessions), a user changed or deleted (users: the token version of a password change, the profile, the plan the
-- answers carry), a role given or taken (profiles). The last-seen time of a session is not part of the check and
-- is not announced. NOTIFY is transactional: nothing is sent for a rollback, and the notifications of one
-- transaction with the same payload are sent once.
CREATE FUNCTION auth_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_sessions', '');
  RETURN NULL;
END $$;

CREATE TRIGGER auth_sessions_changed AFTER UPDATE OF revoked_at, revoked_reason, expires_at, user_id ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION auth_sessions_changed();
CREATE TRIGGER auth_sessions_deleted AFTER DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION auth_sessions_changed();
CREATE TRIGGER auth_users_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION auth_sessions_changed();
CREATE TRIGGER auth_profiles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION auth_sessions_changed();
