-- The version of blog_posts (0061) is also announced: each statement that writes blog_posts sends the new number on
-- the channel blog_posts_version when it commits, so every instance learns of an edit without reading the version
-- on each request (services/blog/public-version.ts). NOTIFY is transactional: nothing is sent for a rollback, and
-- PostgreSQL delivers the notifications of one transaction once, in commit order.
CREATE OR REPLACE FUNCTION blog_posts_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next bigint;
BEGIN
  UPDATE blog_posts_version SET v = v + 1 RETURNING v INTO next;
  PERFORM pg_notify('blog_posts_version', next::text);
  RETURN NULL;
END $$;
