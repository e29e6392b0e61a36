-- One list of subscription statuses (decision 160): the database refuses any other, as the API's zod enum and the
-- code's SubscriptionStatus type do (src/shared/constants.ts, SUBSCRIPTION_STATUSES). Razorpay's words.
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check
  CHECK (status IN ('created', 'authenticated', 'active', 'pending', 'halted', 'cancelled', 'completed', 'expired'));
