-- Why a subscription ended (or was set to end) and when that was decided (decision 122). The admin overview counts
-- as cancellations only churn (the customer cancelled, a refund, an admin ended it, the renewal failed) and not a
-- plan replaced by another (the lifetime upgrade, Pay again), a purchase that started nothing, or a complimentary
-- period that ran out. Set by the code at every place a subscription ends; the rows already ended are read below.
ALTER TABLE subscriptions ADD COLUMN end_reason text;
ALTER TABLE subscriptions ADD COLUMN end_reason_at timestamptz;

-- The rows that already ended, as best as the data tells, in order of precedence (a row takes the first that fits).
-- Refunded (decision 082).
UPDATE subscriptions SET end_reason = 'refunded'
  WHERE end_reason IS NULL AND cancellation_reason = 'refunded';
-- A purchase that never started a plan: paid while another plan was active, or after its plan-change credit lapsed.
UPDATE subscriptions SET end_reason = 'not_started'
  WHERE end_reason IS NULL
    AND (cancellation_reason LIKE 'Paid while another plan was active%' OR cancellation_reason LIKE 'Paid after the credit it was priced with had lapsed%');
-- Replaced by another purchase of the same account: the lifetime upgrade, Pay again after a halt.
UPDATE subscriptions SET end_reason = 'replaced'
  WHERE end_reason IS NULL AND replaced_by_id IS NOT NULL;
-- Ended or set to end by an admin (decision 081): the audit log names the subscription.
UPDATE subscriptions s SET end_reason = 'admin_ended'
  WHERE s.end_reason IS NULL
    AND EXISTS (SELECT 1 FROM admin_audit_log a WHERE a.action = 'subscription.cancel' AND a.details->>'subscriptionId' = s.id::text);
-- The account was deleted (decision 063): its running plans were cancelled with it.
UPDATE subscriptions SET end_reason = 'account_deleted'
  WHERE end_reason IS NULL AND (cancellation_reason = 'Account deleted' OR (user_id IS NULL AND cancelled_at IS NOT NULL));
-- A complimentary period that ran out.
UPDATE subscriptions SET end_reason = 'complimentary_ended'
  WHERE end_reason IS NULL AND kind = 'complimentary' AND status IN ('expired', 'cancelled', 'completed');
-- The customer cancelled: autopay turned off in billing, or the subscription cancelled at Razorpay.
UPDATE subscriptions SET end_reason = 'customer_cancelled'
  WHERE end_reason IS NULL AND kind = 'subscription' AND (cancel_at_period_end OR status = 'cancelled');
-- A recurring plan that ran out without a cancellation: its renewal was never paid.
UPDATE subscriptions SET end_reason = 'payment_failed'
  WHERE end_reason IS NULL AND kind = 'subscription' AND status = 'expired';

UPDATE subscriptions SET end_reason_at = coalesce(cancelled_at, current_end, updated_at)
  WHERE end_reason IS NOT NULL AND end_reason_at IS NULL;

-- The overview counts churn by day: rows with a reason, by the time it was decided.
CREATE INDEX subscriptions_end_reason_at_idx ON subscriptions (end_reason_at) WHERE end_reason IS NOT NULL;
