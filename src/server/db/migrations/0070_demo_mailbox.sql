-- A public demo (PUBLIC_DEMO=true) shows each browser only the mail of the accounts it created: the SHA-256 of that
-- browser's mailbox cookie, kept on the accounts it registered. Always NULL outside a demo.
ALTER TABLE users ADD COLUMN demo_mailbox_hash text;
CREATE INDEX users_demo_mailbox_hash_idx ON users (demo_mailbox_hash) WHERE demo_mailbox_hash IS NOT NULL;
