-- Billing: the order of provider events per subscription, and the local Razorpay simulator's state.

-- The provider time of the last status event applied, so that an older event delivered late changes nothing.
ALTER TABLE subscriptions ADD COLUMN provider_event_at timestamptz;
CREATE INDEX subscriptions_expiry_idx ON subscriptions (current_end)
  WHERE status IN ('active', 'authenticated', 'pending', 'halted', 'cancelled', 'completed');
CREATE INDEX payments_subscription_idx ON payments (subscription_id);

-- The key id the Razorpay plan id was made with: switching from the simulator to real keys (or test to live) makes a new one.
ALTER TABLE plans ADD COLUMN razorpay_plan_key_id text;

-- The Razorpay simulator (used only while no Razorpay keys are configured): its plans, subscriptions,
-- orders and payments as Razorpay's JSON entities, and the webhooks it still has to deliver.
CREATE TABLE razorpay_sim_entities (
  id text PRIMARY KEY,
  entity text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE razorpay_sim_webhooks (
  id text PRIMARY KEY,
  event text NOT NULL,
  body text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX razorpay_sim_webhooks_due_idx ON razorpay_sim_webhooks (next_attempt_at) WHERE delivered_at IS NULL;
