import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '#server/config';
import type { Tx } from '#server/db/client';
import { payments, users, type SubscriptionRow } from '#server/db/schema';
import { dateTimeWithZone, userTimeZone } from '#shared/dates';
import { formatMoney } from '#shared/money';
import { enqueueMail } from '../../mail/outbox';
import { renewalFailedMail } from '../../mail/templates/renewal-failed';
import { loadMailTexts, mailLocale } from '../../mail/texts';

/**
 * A renewal charge failed (Razorpay's subscription.pending) or Razorpay stopped retrying (subscription.halted): the
 * customer gets one mail per state (decision 085). Which event is told, and the state remembered on the subscription,
 * is the lifecycle's decision (effect 'renewal_failure_mail' of `transition`); this writes the mail, to a verified
 * address only, with the reason of the last declined charge.
 */
export async function mailRenewalFailure(tx: Tx, config: Config, sub: SubscriptionRow, state: 'pending' | 'halted', now = new Date()): Promise<void> {
  if (!sub.userId) return;
  const [user] = await tx.select().from(users).where(eq(users.id, sub.userId));
  if (!user?.isEmailVerified) return;
  const [declined] = await tx
    .select({ reason: payments.errorDescription })
    .from(payments)
    .where(and(eq(payments.subscriptionId, sub.id), eq(payments.status, 'failed')))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  const zone = userTimeZone(user.timezone);
  const locale = mailLocale(user.language);
  await loadMailTexts(locale);
  const mail = renewalFailedMail(
    {
      firstName: user.firstName,
      state,
      planName: sub.planName,
      amount: formatMoney(sub.amountPaise, sub.currency, locale),
      paidUntil: sub.currentEnd ? dateTimeWithZone(sub.currentEnd, zone, locale) : null,
      accessContinues: Boolean(sub.currentEnd && sub.currentEnd > now),
      reason: declined?.reason ?? null,
      billingUrl: `${config.publicUrl}/billing`,
    },
    locale,
  );
  await enqueueMail(tx, { kind: `renewal-${state}`, to: user.email, ...mail });
}
