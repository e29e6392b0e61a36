-- Account deletion and the trial (decision 063).

-- Subscriptions of deleted accounts still to be cancelled at Razorpay. A row is made in the deleting transaction,
-- the cancellation is tried at once after commit, and on failure again by a periodic job with backoff until
-- Razorpay accepts it; the row goes when it did. Admins see the rows still here. No personal data: the account
-- is gone, the subscription row (user_id NULL) and its Razorpay id remain for the books.
CREATE TABLE provider_cancellations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subscription_id uuid REFERENCES subscriptions(id) ON DELETE SET NULL,
  razorpay_subscription_id text NOT NULL UNIQUE,
  reason text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  last_attempt_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX provider_cancellations_due_idx ON provider_cancellations (next_attempt_at);

-- Addresses that had their one-day trial, as an HMAC-SHA-256 of the normalised address with a server secret:
-- a second account on the same address gets no second trial, and the table holds no address.
CREATE TABLE trial_grants (
  email_hash text PRIMARY KEY,
  granted_at timestamptz NOT NULL DEFAULT now()
);
