-- The admin audit log: every action an admin takes on a customer's account or money, who took it, when and why.
-- Rows are never changed or deleted by the application. The admin is kept as id and e-mail at the time, the
-- customer as id only (no foreign keys: a deleted account's row stays, with no personal data of the customer).
CREATE TABLE admin_audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_id uuid NOT NULL,
  admin_email text NOT NULL,
  action text NOT NULL,
  target_user_id uuid,
  reason text NOT NULL DEFAULT '',
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_log_created_idx ON admin_audit_log (created_at DESC, id DESC);
CREATE INDEX admin_audit_log_target_idx ON admin_audit_log (target_user_id, created_at DESC, id DESC);
