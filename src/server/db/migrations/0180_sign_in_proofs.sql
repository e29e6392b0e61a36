-- Device tokens are called sign-in proofs from now on (decision 179): the name "device" is the desktop devices'
-- (installations bound to an account). The table, its index and its constraints take the new name; the rows, and so
-- every proof handed out before, stay valid.
ALTER TABLE device_tokens RENAME TO sign_in_proofs;
ALTER INDEX device_tokens_user_idx RENAME TO sign_in_proofs_user_idx;
-- Every constraint by its name's end: the primary key (its index with it), the user's foreign key and, where
-- PostgreSQL names them (18 on, and PGlite), the NOT NULLs.
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = 'sign_in_proofs'::regclass AND conname LIKE 'device\_tokens\_%' LOOP
    EXECUTE format('ALTER TABLE sign_in_proofs RENAME CONSTRAINT %I TO %I', c.conname, 'sign_in_proofs_' || substr(c.conname, length('device_tokens_') + 1));
  END LOOP;
END $$;
-- For the previous release while a rolling deploy runs both (docs/operations.md §4): its sign-ins still insert, read
-- and delete `device_tokens`, which this view passes on to the table (PostgreSQL writes through a simple view).
-- The next release's migrations drop it.
CREATE VIEW device_tokens AS SELECT id, user_id, created_at FROM sign_in_proofs;
