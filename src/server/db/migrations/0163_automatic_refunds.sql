-- Money that bought nothing goes back by itself (decision 110).

-- Why a successful payment started no plan: 'checkout_replaced' (paid in a checkout a newer one had replaced, or for a
-- subscription already replaced), 'duplicate_purchase' (another paid plan held), 'credit_lapsed' (a plan change's
-- credit had lapsed, decision 086), 'account_deleted'. NULL: the payment applied. Verification reads it to tell the
-- customer; a refund of the whole payment is held for it as soon as it is captured.
ALTER TABLE payments ADD COLUMN not_applied text;

-- 'system': a refund the application made by itself, of a payment that bought nothing. Asked of Razorpay after the
-- commit that holds it, and again by a job until Razorpay has it (claimed with a lease, like provider cancellations).
ALTER TABLE refunds DROP CONSTRAINT refunds_source_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_source_check CHECK (source IN ('admin', 'razorpay', 'system'));
ALTER TABLE refunds ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE refunds ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE refunds ADD COLUMN locked_until timestamptz;
CREATE INDEX refunds_automatic_due_idx ON refunds (next_attempt_at) WHERE source = 'system' AND razorpay_refund_id IS NULL AND status = 'created';
