import { eq } from 'drizzle-orm';
import type { Config } from '#server/config';
import type { Tx } from '#server/db/client';
import { subscriptions, type SubscriptionRow } from '#server/db/schema';
import { entitlementChanged } from './entitlement-changed';
import { changesOf, transition, type SubscriptionEffect, type SubscriptionEvent } from './lifecycle';
import { queueCancellation } from './provider-cancellations';
import { mailRenewalFailure } from './renewal-notice';

/**
 * Applies `event` to a subscription read under its lock (lockSubscription): writes what `transition` changed and
 * carries out its effects in the caller's transaction (`config` for the mails an event may send). The effects of a payment (its refund, the other plans that
 * make way, the receipt) go to `handle`, in the order named; the account's entitlement is brought in step last, once
 * every row has moved. Returns the row as written and whether a cancellation at Razorpay should be tried after commit.
 */
export async function applyTransition(
  tx: Tx,
  sub: SubscriptionRow,
  event: SubscriptionEvent,
  opts: { config?: Config; now?: Date; handle?: (effect: SubscriptionEffect, row: SubscriptionRow) => Promise<void> } = {},
): Promise<{ row: SubscriptionRow; cancelNow: boolean }> {
  const now = opts.now ?? new Date();
  const { next, effects } = transition(sub, event);
  const changes = changesOf(sub, next);
  const row = Object.keys(changes).length
    ? (
        await tx
          .update(subscriptions)
          .set({ ...changes, updatedAt: now })
          .where(eq(subscriptions.id, sub.id))
          .returning()
      )[0]!
    : sub;
  let cancelNow = false;
  const entitled = new Set<string>();
  for (const effect of effects) {
    switch (effect.type) {
      case 'entitlement_changed':
        entitled.add(effect.userId);
        break;
      case 'cancel_at_provider':
        await queueCancellation(tx, { id: row.id, razorpaySubscriptionId: row.razorpaySubscriptionId! }, effect.reason);
        cancelNow ||= effect.now;
        break;
      case 'renewal_failure_mail':
        if (!opts.config) throw new Error('A renewal failure is mailed with the configuration (its links)');
        await mailRenewalFailure(tx, opts.config, row, effect.state, now);
        break;
      default:
        if (!opts.handle) throw new Error(`The effect ${effect.type} of ${event.type} has no handler`);
        await opts.handle(effect, row);
    }
  }
  for (const userId of entitled) await entitlementChanged(tx, userId, now);
  return { row, cancelNow };
}
