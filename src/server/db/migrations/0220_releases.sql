-- The desktop program's releases (issue 35, decision 190): one record per version and channel, serving the download,
-- electron-updater's feed and the changelog. An installer uploaded to the storage adapter (storage_key) or one hosted
-- elsewhere (external_url), with its size and digests: SHA-512 in base64 as electron-updater checks it, SHA-256 in
-- hex as people compare it (empty for an external file, whose bytes the site never sees).
CREATE TABLE releases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  version text NOT NULL CHECK (length(version) BETWEEN 5 AND 64),
  channel text NOT NULL CHECK (channel IN ('stable', 'beta')),
  -- draft (only admins see it) → published (every feed and the download) → yanked (gone from all of them).
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'yanked')),
  -- Share of devices offered it, by a bucket of their id; the others are offered the release before it.
  rollout_percent integer NOT NULL DEFAULT 100 CHECK (rollout_percent BETWEEN 0 AND 100),
  notes text NOT NULL DEFAULT '',
  min_os_version text NOT NULL DEFAULT '',
  file_name text NOT NULL,
  file_size bigint NOT NULL CHECK (file_size > 0),
  sha512 text NOT NULL,
  sha256 text NOT NULL DEFAULT '',
  -- The installer's minisign signature (the .sig file's text, base64), which Tauri's updater requires; empty without one.
  signature text NOT NULL DEFAULT '',
  storage_key text,
  external_url text,
  released_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (channel, version),
  CHECK ((storage_key IS NULL) <> (external_url IS NULL))
);
-- The feeds' read: the published releases of a channel, newest first.
CREATE INDEX releases_channel_published_idx ON releases (channel, released_at DESC) WHERE status = 'published';
