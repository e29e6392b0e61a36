-- Lists of posts are read newest first by (created_at DESC, id DESC). The indexes of 0001 hold id ascending, so
-- PostgreSQL had to sort each run of equal timestamps; these hold the very order the queries ask for.
CREATE INDEX blog_posts_status_created_id_idx ON blog_posts (status, created_at DESC, id DESC);
CREATE INDEX blog_posts_created_id_idx ON blog_posts (created_at DESC, id DESC);
DROP INDEX IF EXISTS blog_posts_status_created_idx;
DROP INDEX IF EXISTS blog_posts_created_idx;

-- How many posts each status has, kept by statement-level triggers, so that "Page X of Y" and the admin's stat
-- cards cost one primary-key read instead of counting the table on every request. Writes of posts are rare
-- (admins); two of them at once queue on the counter row of their status until the first commits.
CREATE TABLE blog_post_counts (
  status text PRIMARY KEY CHECK (status IN ('draft', 'published', 'archived')),
  n integer NOT NULL DEFAULT 0 CHECK (n >= 0)
);
INSERT INTO blog_post_counts (status, n)
SELECT s, (SELECT count(*) FROM blog_posts WHERE status = s) FROM unnest(ARRAY['draft', 'published', 'archived']) AS s;

CREATE FUNCTION blog_post_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Transition tables exist only for the events that have them; PL/pgSQL plans each branch when it first runs.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE blog_post_counts c SET n = c.n - d.k
    FROM (SELECT status, count(*) AS k FROM old_rows GROUP BY status) d WHERE c.status = d.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE blog_post_counts c SET n = c.n + d.k
    FROM (SELECT status, count(*) AS k FROM new_rows GROUP BY status) d WHERE c.status = d.status;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION blog_post_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE blog_post_counts SET n = 0;
  RETURN NULL;
END $$;

CREATE TRIGGER blog_post_counts_insert AFTER INSERT ON blog_posts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_post_counts_apply();
CREATE TRIGGER blog_post_counts_update AFTER UPDATE ON blog_posts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_post_counts_apply();
CREATE TRIGGER blog_post_counts_delete AFTER DELETE ON blog_posts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_post_counts_apply();
CREATE TRIGGER blog_post_counts_truncate AFTER TRUNCATE ON blog_posts
  FOR EACH STATEMENT EXECUTE FUNCTION blog_post_counts_reset();
