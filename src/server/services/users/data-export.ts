import { asc, desc, eq } from 'drizzle-orm';
import { dayKey, userTimeZone } from '#shared/dates';
import { LINK_LANG_PARAM } from '#shared/pages';
import { site } from '#shared/site';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import {
  contactMessages,
  deviceGrants,
  devices,
  emailChanges,
  passkeys,
  payments,
  profiles,
  recoveryCodes,
  refunds,
  securityEvents,
  sessions,
  subscriptions,
  totpFactors,
  usageDays,
  usageEvents,
  users,
  type BillingDetails,
  type TaxDocument,
  type UserRow,
} from '#server/db/schema';
import { enqueueMail } from '../mail/outbox';
import { dataExportedMail } from '../mail/templates/data-exported';
import { loadMailTexts, mailLocale } from '../mail/texts';
import { recordSecurityEvent, type EventMeta } from '../auth/security-log';
import { describeUserAgent } from '../auth/user-agent';

/**
 * The account's data for its owner to take away (issue 36 item 5, decision 199): everything the site holds about the
 * account, table by table, as one JSON document. What is read is chosen field by field, never a whole row: a column
 * added later stays out until it is named here. Never part of it: the password hash, the authenticator's secret,
 * recovery codes, token and challenge hashes, sign-in proofs, passkeys' keys and credential ids, the hardware HMAC and
 * install id of devices, the payment provider's order, subscription and invoice handles, and anything naming the
 * site's staff (who handled a message, who made a refund, the admin audit log). Decision 199 lists each table.
 */

/** The file's format, so a reader knows what it holds; a new version when a field changes meaning. */
export const DATA_EXPORT_FORMAT = { format: 'stealth-browser-data-export', version: 1 } as const;

/** `stealth-browser-data-2026-12-08.json`: the day in the account's time zone. */
export const dataExportFileName = (now: Date, timeZone: string) => `stealth-browser-data-${dayKey(now, userTimeZone(timeZone))}.json`;

type Money = { paise: number; rupees: number; currency: string };
const money = (paise: number, currency: string): Money => ({ paise, rupees: paise / 100, currency });
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The figures of a GST tax invoice or credit note as issued (decision 083). */
const gstOf = (d: TaxDocument | null) =>
  d && {
    number: d.number,
    issuedAt: d.issuedAt,
    financialYear: d.financialYear,
    supply: d.supply,
    placeOfSupply: d.placeOfSupply,
    sac: d.sac,
    ratePercent: d.ratePercent,
    taxable: money(d.taxablePaise, d.currency),
    cgst: money(d.cgstPaise, d.currency),
    /** SGST, or UTGST in a union territory without a legislature (`stateTaxName`). */
    sgst: money(d.sgstPaise, d.currency),
    stateTaxName: d.stateTaxLabel,
    igst: money(d.igstPaise, d.currency),
    total: money(d.totalPaise, d.currency),
    buyer: { name: d.buyer.name, email: d.buyer.email, address: d.buyer.address, country: d.buyer.country, gstin: d.buyer.gstin, state: d.buyer.stateName },
    againstInvoice: d.againstInvoice ?? null,
  };

/** The billing details typed at a checkout, as typed. */
const billingOf = (b: BillingDetails | null) =>
  b && {
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email,
    company: b.company ?? null,
    phone: b.phone ?? null,
    address: b.address,
    city: b.city,
    zipCode: b.zipCode,
    state: b.state ?? null,
    country: b.country,
    gstin: b.gstin ?? null,
  };

const profileOf = (u: UserRow, role: string) => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  emailVerified: u.isEmailVerified,
  emailVerifiedAt: iso(u.emailVerifiedAt),
  phone: u.phone,
  company: u.company,
  designation: u.designation,
  address: { street: u.addressStreet, city: u.addressCity, state: u.addressState, country: u.addressCountry, pincode: u.addressPincode },
  language: u.language,
  timeZone: u.timezone,
  emailNotifications: u.emailNotifications,
  smsNotifications: u.smsNotifications,
  role,
  trialEndsAt: iso(u.trialExpires),
  createdAt: u.createdAt.toISOString(),
  updatedAt: u.updatedAt.toISOString(),
  lastSignInAt: iso(u.lastLoginAt),
});

/** Everything the site holds about the account, read in the caller's transaction (one consistent picture). */
export async function collectAccountData(db: DbOrTx, user: UserRow, now = new Date()) {
  const userId = user.id;
  const [profile] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId));
  const [factor] = await db.select({ confirmedAt: totpFactors.confirmedAt, lastUsedAt: totpFactors.lastUsedAt }).from(totpFactors).where(eq(totpFactors.userId, userId));
  const codes = factor?.confirmedAt ? await db.select({ usedAt: recoveryCodes.usedAt }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId)) : [];

  const keys = await db
    .select({ name: passkeys.name, deviceType: passkeys.deviceType, backedUp: passkeys.backedUp, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));

  const sessionRows = await db
    .select({
      deviceType: sessions.deviceType,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      place: sessions.place,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      revokedReason: sessions.revokedReason,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));

  const deviceRows = await db
    .select({
      name: devices.name,
      os: devices.os,
      appVersion: devices.appVersion,
      place: devices.place,
      createdAt: devices.createdAt,
      lastSeenAt: devices.lastSeenAt,
      removedAt: devices.removedAt,
      removedReason: devices.removedReason,
      removedBy: devices.removedBy,
    })
    .from(devices)
    .where(eq(devices.userId, userId))
    .orderBy(asc(devices.createdAt));

  const grants = await db
    .select({
      deviceName: deviceGrants.deviceName,
      deviceOs: deviceGrants.deviceOs,
      status: deviceGrants.status,
      ip: deviceGrants.ip,
      place: deviceGrants.place,
      createdAt: deviceGrants.createdAt,
      decidedAt: deviceGrants.decidedAt,
    })
    .from(deviceGrants)
    .where(eq(deviceGrants.userId, userId))
    .orderBy(desc(deviceGrants.createdAt));

  const changes = await db
    .select({
      oldEmail: emailChanges.oldEmail,
      newEmail: emailChanges.newEmail,
      createdAt: emailChanges.createdAt,
      confirmedAt: emailChanges.confirmedAt,
      undoneAt: emailChanges.undoneAt,
      cancelledAt: emailChanges.cancelledAt,
    })
    .from(emailChanges)
    .where(eq(emailChanges.userId, userId))
    .orderBy(desc(emailChanges.createdAt));

  const subs = await db
    .select({
      planName: subscriptions.planName,
      planCode: subscriptions.planCode,
      kind: subscriptions.kind,
      status: subscriptions.status,
      amountPaise: subscriptions.amountPaise,
      currency: subscriptions.currency,
      interval: subscriptions.interval,
      currentStart: subscriptions.currentStart,
      currentEnd: subscriptions.currentEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      cancelledAt: subscriptions.cancelledAt,
      cancellationReason: subscriptions.cancellationReason,
      endReason: subscriptions.endReason,
      creditPaise: subscriptions.creditPaise,
      billing: subscriptions.billing,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));

  const paymentRows = await db
    .select({
      planName: subscriptions.planName,
      description: payments.description,
      status: payments.status,
      method: payments.method,
      amountPaise: payments.amountPaise,
      amountPaidPaise: payments.amountPaidPaise,
      currency: payments.currency,
      paidAt: payments.paidAt,
      periodStart: payments.periodStart,
      periodEnd: payments.periodEnd,
      receiptNumber: payments.receiptNumber,
      invoiceNumber: payments.invoiceNumber,
      reference: payments.razorpayPaymentId,
      errorDescription: payments.errorDescription,
      notApplied: payments.notApplied,
      buyerName: payments.buyerName,
      buyerEmail: payments.buyerEmail,
      billing: payments.billing,
      taxDocument: payments.taxDocument,
    })
    .from(payments)
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.paidAt), desc(payments.createdAt));

  // Refunds of the account's own payments only: the join is on a payment of this user.
  const refundRows = await db
    .select({
      paymentReference: payments.razorpayPaymentId,
      invoiceNumber: payments.invoiceNumber,
      receiptNumber: payments.receiptNumber,
      amountPaise: refunds.amountPaise,
      currency: refunds.currency,
      status: refunds.status,
      reason: refunds.reason,
      reference: refunds.razorpayRefundId,
      creditNoteNumber: refunds.creditNoteNumber,
      creditNote: refunds.creditNote,
      createdAt: refunds.createdAt,
      processedAt: refunds.processedAt,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(refunds.createdAt));

  const usage = await db
    .select({ feature: usageEvents.feature, description: usageEvents.description, quantity: usageEvents.quantity, usageDate: usageEvents.usageDate })
    .from(usageEvents)
    .where(eq(usageEvents.userId, userId))
    .orderBy(desc(usageEvents.usageDate));
  const usageTotals = await db
    .select({ day: usageDays.day, feature: usageDays.feature, events: usageDays.events, quantity: usageDays.quantity, lastUsedAt: usageDays.lastUsedAt })
    .from(usageDays)
    .where(eq(usageDays.userId, userId))
    .orderBy(desc(usageDays.day), asc(usageDays.feature));

  // Messages sent through the contact form from the account's address (the form asks no account; addresses are kept normalised).
  const messages = await db
    .select({
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      handledAt: contactMessages.handledAt,
    })
    .from(contactMessages)
    .where(eq(contactMessages.email, user.email))
    .orderBy(desc(contactMessages.createdAt));

  const events = await db
    .select({
      kind: securityEvents.kind,
      detail: securityEvents.detail,
      userAgent: securityEvents.userAgent,
      ip: securityEvents.ip,
      place: securityEvents.place,
      createdAt: securityEvents.createdAt,
    })
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id));

  return {
    ...DATA_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    site: site.productName,
    note: 'Everything we hold about your account. Times are in UTC (ISO 8601); amounts in paise and in rupees. Passwords, keys, codes and tokens are never part of it.',
    profile: profileOf(user, profile?.role ?? 'user'),
    twoStepVerification: {
      on: Boolean(factor?.confirmedAt),
      since: iso(factor?.confirmedAt ?? null),
      lastUsedAt: iso(factor?.lastUsedAt ?? null),
      recoveryCodesLeft: codes.filter((c) => c.usedAt === null).length,
    },
    passkeys: keys.map((k) => ({ name: k.name, addedAt: k.createdAt.toISOString(), lastUsedAt: iso(k.lastUsedAt), synced: k.deviceType === 'multiDevice' || k.backedUp })),
    sessions: sessionRows.map((s) => {
      const { browser, os } = describeUserAgent(s.userAgent);
      return {
        kind: s.deviceType === 'desktop' ? 'desktop app' : 'browser',
        browser,
        system: os,
        ipAddress: s.ip,
        place: s.place,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        endedAt: iso(s.revokedAt) ?? (s.expiresAt <= now ? s.expiresAt.toISOString() : null),
        endedBecause: s.revokedReason ?? (s.expiresAt <= now ? 'expired' : null),
      };
    }),
    devices: deviceRows.map((d) => ({
      name: d.name,
      system: d.os,
      appVersion: d.appVersion,
      place: d.place,
      addedAt: d.createdAt.toISOString(),
      lastSeenAt: d.lastSeenAt.toISOString(),
      removedAt: iso(d.removedAt),
      removedBecause: d.removedReason,
      removedBy: d.removedBy,
    })),
    desktopSignInRequests: grants.map((g) => ({
      deviceName: g.deviceName,
      system: g.deviceOs,
      status: g.status,
      ipAddress: g.ip,
      place: g.place,
      askedAt: g.createdAt.toISOString(),
      decidedAt: iso(g.decidedAt),
    })),
    emailChanges: changes.map((c) => ({
      from: c.oldEmail,
      to: c.newEmail,
      requestedAt: c.createdAt.toISOString(),
      confirmedAt: iso(c.confirmedAt),
      undoneAt: iso(c.undoneAt),
      cancelledAt: iso(c.cancelledAt),
    })),
    subscriptions: subs.map((s) => ({
      plan: s.planName,
      planCode: s.planCode,
      kind: s.kind,
      status: s.status,
      price: money(s.amountPaise, s.currency),
      interval: s.interval,
      currentPeriodStart: iso(s.currentStart),
      currentPeriodEnd: iso(s.currentEnd),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      cancelledAt: iso(s.cancelledAt),
      cancellationReason: s.cancellationReason,
      endReason: s.endReason,
      credit: money(s.creditPaise, s.currency),
      billingDetails: billingOf(s.billing),
      createdAt: s.createdAt.toISOString(),
    })),
    payments: paymentRows.map((p) => ({
      plan: p.planName,
      description: p.description,
      status: p.status,
      method: p.method,
      amount: money(p.amountPaise, p.currency),
      amountPaid: money(p.amountPaidPaise, p.currency),
      paidAt: p.paidAt.toISOString(),
      periodStart: iso(p.periodStart),
      periodEnd: iso(p.periodEnd),
      receiptNumber: p.receiptNumber,
      invoiceNumber: p.invoiceNumber,
      paymentReference: p.reference,
      failureReason: p.errorDescription,
      notApplied: p.notApplied,
      buyer: { name: p.buyerName, email: p.buyerEmail },
      billingDetails: billingOf(p.billing),
      gst: gstOf(p.taxDocument),
    })),
    refunds: refundRows.map((r) => ({
      paymentReference: r.paymentReference,
      invoiceNumber: r.invoiceNumber,
      receiptNumber: r.receiptNumber,
      amount: money(r.amountPaise, r.currency),
      status: r.status,
      reason: r.reason,
      refundReference: r.reference,
      creditNoteNumber: r.creditNoteNumber,
      gst: gstOf(r.creditNote),
      createdAt: r.createdAt.toISOString(),
      processedAt: iso(r.processedAt),
    })),
    usage: {
      events: usage.map((u) => ({ feature: u.feature, description: u.description, quantity: u.quantity, at: u.usageDate.toISOString() })),
      dailyTotals: usageTotals.map((d) => ({ day: d.day, feature: d.feature, events: d.events, quantity: d.quantity, lastUsedAt: d.lastUsedAt.toISOString() })),
    },
    contactMessages: messages.map((m) => ({
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      sentAt: m.createdAt.toISOString(),
      handledAt: iso(m.handledAt),
    })),
    securityLog: events.map((e) => {
      const { browser, os } = describeUserAgent(e.userAgent);
      return { kind: e.kind, detail: e.detail, at: e.createdAt.toISOString(), browser, system: os, ipAddress: e.ip, place: e.place };
    }),
  };
}

export type AccountData = Awaited<ReturnType<typeof collectAccountData>>;

/**
 * Makes the account's export (after the caller's step-up check): in one transaction the `data-exported` event is
 * written to its security log and the mail "Your data was downloaded" (when, from which browser and where) queued to
 * its address, then everything is read, that event included. A download nobody is told of cannot be made.
 */
export async function exportAccountData(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: string,
  meta: EventMeta,
  now = new Date(),
): Promise<{ fileName: string; data: AccountData }> {
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw new Error('the signed-in account has no row');
    const locale = mailLocale(user.language);
    await loadMailTexts(locale);
    const { browser, os } = describeUserAgent(meta.userAgent ?? '');
    const securityUrl = `${ctx.config.publicUrl}/settings?tab=security&${LINK_LANG_PARAM}=${locale}`;
    const mail = dataExportedMail(
      { firstName: user.firstName, when: now, timeZone: userTimeZone(user.timezone), browser, os, place: meta.place ?? '', ip: meta.ip ?? '', securityUrl },
      locale,
    );
    await enqueueMail(tx, { kind: 'data-exported', to: user.email, ...mail });
    await recordSecurityEvent(tx, user.id, 'data-exported', meta);
    return { fileName: dataExportFileName(now, user.timezone), data: await collectAccountData(tx, user, now) };
  });
}
