-- Failed renewals and plan changes (decisions 085, 086).

-- The failed-renewal state the customer was last told about by mail ('pending' while Razorpay retries, 'halted' when
-- it gave up), and when the first failure of that run happened; both cleared when a charge goes through. A mail goes
-- out only when this changes, so a repeated or late webhook never mails twice.
ALTER TABLE subscriptions ADD COLUMN renewal_notice text;
ALTER TABLE subscriptions ADD COLUMN renewal_failed_at timestamptz;

-- A plan change scheduled at Razorpay for the end of the current cycle (subscriptions.update, schedule_change_at
-- cycle_end): the plan it moves to and when. Applied when Razorpay's webhook shows the new plan.
ALTER TABLE subscriptions ADD COLUMN scheduled_plan_id uuid REFERENCES plans(id);
ALTER TABLE subscriptions ADD COLUMN scheduled_change_at timestamptz;

-- One paid plan at a time: a purchase made to replace a subscription (the lifetime plan bought over a recurring one,
-- or a halted one paid again) names it; when the purchase is paid, the replaced one ends and is cancelled at Razorpay.
ALTER TABLE subscriptions ADD COLUMN replaces_id uuid REFERENCES subscriptions(id) ON DELETE SET NULL;
ALTER TABLE subscriptions ADD COLUMN replaced_by_id uuid REFERENCES subscriptions(id) ON DELETE SET NULL;
-- The unused part of the replaced period taken off the price of the purchase, in paise.
ALTER TABLE subscriptions ADD COLUMN credit_paise integer NOT NULL DEFAULT 0;
