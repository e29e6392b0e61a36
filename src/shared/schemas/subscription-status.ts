import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from '../constants';

/** A subscription's status in the API: the one list of statuses (decision 160), Razorpay's words. */
export const subscriptionStatusSchema = z
  .enum(SUBSCRIPTION_STATUSES)
  .describe(
    'created: checkout opened, not paid; authenticated: mandate given, not charged yet; active; pending: a renewal charge failed and Razorpay retries; halted: Razorpay stopped retrying; cancelled; completed: every cycle charged; expired: the paid period ran out.',
  );
