-- A number that changes with every statement that writes blog_posts, so that an instance may keep a public page
-- of the blog in memory and make sure with one primary-key read per request that it is still the latest: an edit
-- shows on every instance as soon as it commits (the bound is zero). Post writes are rare (admins); two at once
-- queue on this row until the first commits.
CREATE TABLE blog_posts_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  v bigint NOT NULL DEFAULT 0
);
INSERT INTO blog_posts_version DEFAULT VALUES;

CREATE FUNCTION blog_posts_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE blog_posts_version SET v = v + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER blog_posts_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blog_posts
  FOR EACH STATEMENT EXECUTE FUNCTION blog_posts_version_bump();
