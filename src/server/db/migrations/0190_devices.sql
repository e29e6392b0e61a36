-- The desktop program's devices and each plan's number of seats (decision 184). A device is one installation on one
-- machine: the program's install id (random, kept by it) and an HMAC of the hardware hash it sends (the raw hash is
-- never kept). A device holds a seat while it is not removed and was seen in the last 30 days; an idle one frees its
-- seat by itself, as the count reads last_seen_at. Removed devices stay, so the program on one is told DEVICE_REMOVED.
CREATE TABLE devices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  install_id text NOT NULL,
  hardware_hmac text NOT NULL,
  name text NOT NULL,
  os text NOT NULL DEFAULT '',
  app_version text NOT NULL DEFAULT '',
  place text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  removed_reason text,
  removed_by text CHECK (removed_by IN ('customer', 'admin')),
  clone_flagged_at timestamptz
);
-- The account's devices not removed: the seat count, the reinstall (same hardware) and the clone check (same install id).
CREATE INDEX devices_user_live_idx ON devices (user_id, last_seen_at) WHERE removed_at IS NULL;
-- The account's whole list (removed ones included), newest first.
CREATE INDEX devices_user_idx ON devices (user_id, created_at);

-- Seats per plan, editable with the plans: week 1, month 2, year 3, lifetime 3 (the trial's is a constant).
ALTER TABLE plans ADD COLUMN device_limit integer NOT NULL DEFAULT 1 CHECK (device_limit BETWEEN 1 AND 100);
UPDATE plans SET device_limit = CASE interval WHEN 'week' THEN 1 WHEN 'month' THEN 2 ELSE 3 END;
