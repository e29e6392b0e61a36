-- Releases change what the public pages show (the footer's version, the changelog and its feed) and what the update
-- feeds answer, which are kept in memory under the public version (0061, 0100; decision 077): each statement that
-- writes releases bumps and announces that version as an edit of blog_posts does (decision 190).
CREATE TRIGGER releases_public_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON releases
  FOR EACH STATEMENT EXECUTE FUNCTION blog_posts_version_bump();

-- electron-updater's differential download reads the installer's blockmap at the installer's address + ".blockmap";
-- an admin may upload it beside the installer. A required release makes every older program update (the licence
-- lease's min_app_version, decision 184).
ALTER TABLE releases
  ADD COLUMN blockmap_key text,
  ADD COLUMN blockmap_size bigint CHECK (blockmap_size > 0),
  ADD COLUMN required boolean NOT NULL DEFAULT false;

-- Downloads of each release from the site's button, counted once per address and hour as every download is
-- (decision 105); kept apart from releases so that counting one never bumps the public version.
CREATE TABLE release_downloads (
  release_id uuid PRIMARY KEY REFERENCES releases(id) ON DELETE CASCADE,
  downloads bigint NOT NULL DEFAULT 0
);
