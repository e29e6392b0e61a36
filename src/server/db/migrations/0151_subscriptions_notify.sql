-- A signed-in user's subscriptions are kept with the session check (decision 091, the entitlement of the desktop
-- program): every statement that writes subscriptions announces itself on auth_sessions too (0150's function), so
-- every instance forgets what it kept when a purchase, a renewal, a cancellation or a refund is committed.
CREATE TRIGGER auth_subscriptions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION auth_sessions_changed();
