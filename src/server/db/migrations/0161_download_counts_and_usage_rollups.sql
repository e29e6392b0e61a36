-- Installer downloads are counted once per address, platform and hour (decision 105): `visitor` is a keyed hash of
-- the address and the hour (never the address), `counted_hour` the hour's start; a second download in the same hour
-- from the same address finds the row and adds nothing. Rows counted before this change have no visitor (NULL, so
-- the unique index does not join them). `user_agent` now holds the browser family ("Chrome on Windows"); the raw
-- user agents kept so far (up to 500 characters each, read by nothing) are dropped.
ALTER TABLE downloads ADD COLUMN visitor text;
ALTER TABLE downloads ADD COLUMN counted_hour timestamptz;
UPDATE downloads SET user_agent = '';
CREATE UNIQUE INDEX downloads_once_an_hour ON downloads (platform, visitor, counted_hour);

-- What housekeeping rolls the old download rows into: a count per day (in the site's zone), platform and browser.
CREATE TABLE download_days (
  day date NOT NULL,
  platform text NOT NULL,
  user_agent text NOT NULL,
  downloads integer NOT NULL,
  PRIMARY KEY (day, platform, user_agent)
);

-- Usage reports sent as a batch (decision 106): one row per account and idempotency key, holding the first answer, so
-- that a batch sent again adds nothing. Kept as long as the reports themselves.
CREATE TABLE usage_batches (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  accepted integer NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, idempotency_key)
);
CREATE INDEX usage_batches_received_idx ON usage_batches (received_at);

-- What housekeeping rolls old usage reports into: per account, day (in the site's zone) and feature, the number of
-- reports, their summed quantity and the last use. The admin customer page sums these and the recent rows.
CREATE TABLE usage_days (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day date NOT NULL,
  feature text NOT NULL,
  events integer NOT NULL,
  quantity bigint NOT NULL,
  last_used_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, day, feature)
);

-- The roll-up finds old reports by date across accounts.
CREATE INDEX usage_events_date_idx ON usage_events (usage_date);
