-- The dashboard's recent usage is kept with the session check (decision 091). A usage report (a row inserted by the
-- desktop program) announces the one kept read it changes on auth_sessions: the payload 'recent-usage:<user id>'
-- makes every instance forget that user's kept list and nothing else (reports come often; forgetting everything on
-- each would undo the keeping). Any other write to usage_events (deletions, with the account or by housekeeping) is
-- rare and announced with the empty payload: everything kept is forgotten.
CREATE FUNCTION usage_events_reported() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_sessions', 'recent-usage:' || NEW.user_id::text);
  RETURN NULL;
END $$;

CREATE TRIGGER auth_usage_reported AFTER INSERT ON usage_events
  FOR EACH ROW EXECUTE FUNCTION usage_events_reported();
CREATE TRIGGER auth_usage_changed AFTER UPDATE OR DELETE OR TRUNCATE ON usage_events
  FOR EACH STATEMENT EXECUTE FUNCTION auth_sessions_changed();
