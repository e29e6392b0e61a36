-- The admin overview (GET /admin/metrics, decision 079) reads each day of a period from these tables by time. Without
-- these indexes every figure scanned its whole table; with them a period reads only its own rows, so the overview stays
-- fast with 100 000 accounts and payments (bench/admin-metrics.mjs). A period is a year at most.

-- New sign-ups a day read users_created_idx (users by created_at, the customer list's order, 0121).
-- Trials running (a short trial: few rows past now) and trials started in the period (the conversion's cohort).
CREATE INDEX users_trial_expires_idx ON users (trial_expires) WHERE is_email_verified;
CREATE INDEX users_verified_at_idx ON users (email_verified_at) WHERE is_email_verified;
-- Revenue a day: the amount and the subscription beside the time, so the sums read the index alone.
CREATE INDEX payments_paid_at_idx ON payments (paid_at) INCLUDE (amount_paid_paise, subscription_id, user_id);
-- Cancellations a day.
CREATE INDEX subscriptions_cancelled_at_idx ON subscriptions (cancelled_at) WHERE cancelled_at IS NOT NULL;
-- Lifetime purchases (no end): counted apart from the recurring plans.
CREATE INDEX subscriptions_lifetime_idx ON subscriptions (plan_code) WHERE current_end IS NULL AND kind = 'order';
-- Installer downloads a day.
CREATE INDEX downloads_created_idx ON downloads (created_at);
