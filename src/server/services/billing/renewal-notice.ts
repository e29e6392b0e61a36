import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { payments, subscriptions, users, type SubscriptionRow } from '../../db/schema';
import { dateTimeWithZone, userTimeZone } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { enqueueMail } from '../mail/outbox';
import { renewalFailedMail } from '../mail/templates/renewal-failed';
import { loadMailTexts, mailLocale } from '../mail/texts';

/**
 * A renewal charge failed (Razorpay's subscription.pending) or Razorpay stopped retrying (subscription.halted):
 * the subscription remembers the state and the customer gets one mail per state (decision 085). A repeated, late or
 * out-of-order event for a state already told changes nothing. A subscription that was replaced, cancelled or whose
 * account is gone is not mailed about.
 */
export async function noteRenewalFailure(tx: Tx, config: Config, sub: SubscriptionRow, state: 'pending' | 'halted', at: Date, now = new Date()): Promise<boolean> {
  if (!sub.userId || sub.replacedById || sub.kind !== 'subscription' || sub.status === 'cancelled' || sub.status === 'completed') return false;
  if (sub.renewalNotice === state || (sub.renewalNotice === 'halted' && state === 'pending')) return false;
  await tx
    .update(subscriptions)
    .set({ renewalNotice: state, renewalFailedAt: sub.renewalFailedAt ?? at, updatedAt: now })
    .where(eq(subscriptions.id, sub.id));

  const [user] = await tx.select().from(users).where(eq(users.id, sub.userId));
  if (!user?.isEmailVerified) return true;
  const [declined] = await tx
    .select({ reason: payments.errorDescription })
    .from(payments)
    .where(and(eq(payments.subscriptionId, sub.id), eq(payments.status, 'failed')))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  const zone = userTimeZone(user.timezone);
  const locale = mailLocale(user.language);
  await loadMailTexts(locale);
  const mail = renewalFailedMail({
    firstName: user.firstName,
    state,
    planName: sub.planName,
    amount: formatMoney(sub.amountPaise, sub.currency, locale),
    paidUntil: sub.currentEnd ? dateTimeWithZone(sub.currentEnd, zone, locale) : null,
    accessContinues: Boolean(sub.currentEnd && sub.currentEnd > now),
    reason: declined?.reason ?? null,
    billingUrl: `${config.publicUrl}/billing`,
  }, locale);
  await enqueueMail(tx, { kind: `renewal-${state}`, to: user.email, ...mail });
  return true;
}
