-- The admin overview's devices (decision 188): the devices holding a seat across all accounts are the ones not removed
-- and seen in the last DEVICES.idleDays days, read by last_seen_at with the account and version beside it (an
-- index-only range, not a scan of every device ever activated); the clone-flagged ones still in use, by their flag.
CREATE INDEX devices_live_seen_idx ON devices (last_seen_at) INCLUDE (user_id, app_version) WHERE removed_at IS NULL;
CREATE INDEX devices_clone_flagged_idx ON devices (clone_flagged_at) WHERE clone_flagged_at IS NOT NULL AND removed_at IS NULL;
