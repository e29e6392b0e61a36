import { and, count, desc, eq, max, ne, sql } from 'drizzle-orm';
import { countryName } from '#shared/constants';
import { stateByCode } from '#shared/gst';
import type { AdminBillingDetails, AdminSubscription, CustomerDetail } from '#shared/schemas/responses/admin-customers';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { contactMessages, emailTokens, passkeys, profiles, sessions, subscriptions, usageEvents, users, type SubscriptionRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { listSessions } from '../auth/list-sessions';
import { confirmedFactor } from '../auth/two-factor';
import { recoveryStatus } from '../auth/two-factor-recovery';
import { toPublicUser } from '../auth/public-user';
import { entitlementOf } from '../billing/subscriptions/entitlement';
import { grantsAccess } from '../billing/subscriptions/entitlement-rules';
import { paymentHistory } from '../billing/payments/payment-history';
import { selectMessages, toMessage } from '../contact/message-row';
import { listAuditLog } from './list-audit-log';

/** How many of each list the customer page shows (the newest). */
const SHOWN = { subscriptions: 50, payments: 20, usage: 10, messages: 20, audit: 10 } as const;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toAdminSubscription = (s: SubscriptionRow, now = new Date()): AdminSubscription => ({
  id: s.id,
  planCode: s.planCode,
  planName: s.planName,
  kind: s.kind,
  status: s.status,
  amount: s.amountPaise,
  currency: s.currency,
  interval: s.interval,
  currentStart: iso(s.currentStart),
  currentEnd: iso(s.currentEnd),
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  cancelledAt: iso(s.cancelledAt),
  cancellationReason: s.cancellationReason,
  grantsAccess: grantsAccess(s, now),
  razorpaySubscriptionId: s.razorpaySubscriptionId,
  razorpayOrderId: s.razorpayOrderId,
  createdAt: s.createdAt.toISOString(),
});

/** The billing details of the newest of these subscriptions that has them (each checkout asks for them again). */
export function latestBilling(subs: SubscriptionRow[]): AdminBillingDetails | null {
  const s = subs.find((sub) => sub.billing);
  const b = s?.billing;
  if (!s || !b) return null;
  const state = stateByCode(b.state);
  return {
    name: `${b.firstName} ${b.lastName}`.trim(),
    email: b.email,
    company: b.company || null,
    gstin: b.gstin || null,
    state: state ? `${state.code} - ${state.name}` : null,
    address: [b.address, b.city, b.zipCode].filter(Boolean).join(', '),
    country: countryName(b.country),
    phone: b.phone || null,
    planName: s.planName,
    givenAt: s.createdAt.toISOString(),
  };
}

/** GET /admin/users/{id}: the customer's profile, verification, access, sessions, subscriptions, payments, usage, messages and audit rows. */
export async function customerDetail(db: Db, userId: string, now = new Date()): Promise<CustomerDetail> {
  const [row] = await db.select({ u: users, role: profiles.role }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, userId));
  if (!row) throw notFound('CUSTOMER_NOT_FOUND');
  const user = row.u;
  const [link] = await db
    .select({ createdAt: emailTokens.createdAt, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'verify')))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  const subs = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'created')))
    .orderBy(desc(subscriptions.createdAt))
    .limit(SHOWN.subscriptions);
  const history = await paymentHistory(db, userId, 1, SHOWN.payments);
  const [desktop] = await db
    .select({ n: count(), last: max(sessions.lastSeenAt) })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.deviceType, 'desktop')));
  // The recent reports and the days housekeeping rolled up (decision 106): the same totals before and after a roll-up.
  const byFeature = await queryRows<{ feature: string; events: number | string; quantity: number | string | null; last: Date | string }>(
    db,
    sql`select feature, sum(events) as events, sum(quantity) as quantity, max(last) as last from (
          select feature, count(*) as events, sum(quantity) as quantity, max(usage_date) as last from usage_events where user_id = ${userId} group by feature
          union all
          select feature, sum(events), sum(quantity), max(last_used_at) from usage_days where user_id = ${userId} group by feature
        ) f
        group by feature order by max(last) desc limit 50`,
  );
  const recent = await db.select().from(usageEvents).where(eq(usageEvents.userId, userId)).orderBy(desc(usageEvents.usageDate), desc(usageEvents.id)).limit(SHOWN.usage);
  const messages = await selectMessages(db).where(eq(contactMessages.email, user.email)).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(SHOWN.messages);
  const audit = await listAuditLog(db, { userId, page: 1, limit: SHOWN.audit });
  const factor = await confirmedFactor(db, userId);
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  const { recovery } = await recoveryStatus(db, userId, now);

  return {
    user: toPublicUser(user, row.role ?? 'user', now),
    verification: { emailVerifiedAt: iso(user.emailVerifiedAt), lastLinkSentAt: iso(link?.createdAt ?? null), lastLinkExpiresAt: iso(link?.expiresAt ?? null) },
    entitlement: await entitlementOf(db, user, now),
    security: {
      twoFactor: factor !== null,
      twoFactorSince: iso(factor?.confirmedAt ?? null),
      passkeys: keys?.n ?? 0,
      recovery: recovery && { requestedAt: recovery.requestedAt, readyAt: recovery.readyAt },
    },
    sessions: await listSessions(db, userId, ''),
    subscriptions: subs.map((s) => toAdminSubscription(s, now)),
    billing: latestBilling(subs),
    payments: history.payments,
    paymentsTotal: history.pagination.totalItems,
    usage: {
      desktopSessions: desktop?.n ?? 0,
      lastDesktopSeenAt: iso(desktop?.last ?? null),
      byFeature: byFeature.map((f) => ({ feature: f.feature, events: Number(f.events), quantity: Number(f.quantity ?? 0), lastUsedAt: new Date(f.last).toISOString() })),
      recent: recent.map((r) => ({ feature: r.feature, description: r.description, quantity: r.quantity, usageDate: r.usageDate.toISOString() })),
    },
    contactMessages: messages.map(toMessage),
    audit: audit.entries,
  };
}
