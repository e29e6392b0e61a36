-- Changing an account's e-mail address (issue 36, decision 194). A request keeps the old and the new address, a link
-- for the new address that confirms it (24 hours) and one for the old address that undoes it (7 days from the
-- request, before or after the confirmation): it ends every session and asks for a new password. Both links are kept
-- as SHA-256; a newer request cancels an older one still waiting.
CREATE TABLE email_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  old_email text NOT NULL,
  new_email text NOT NULL,
  confirm_token_hash text NOT NULL UNIQUE,
  undo_token_hash text NOT NULL UNIQUE,
  confirm_expires_at timestamptz NOT NULL,
  undo_expires_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  undone_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_changes_user_idx ON email_changes (user_id, created_at DESC);
