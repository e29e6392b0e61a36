import { z } from 'zod';
import { activeSessionSchema, publicUserSchema, usageItemSchema } from './account';
import { auditEntrySchema } from './admin-audit';
import { entitlementSchema, paymentSchema } from './billing';
import { contactMessageSchema } from './contact';
import { isoTime, paginationSchema } from './envelope';

/** One customer in the admin's search results. */
export const customerRowSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(['user', 'admin']),
    isEmailVerified: z.boolean(),
    subscriptionPlan: z.string(),
    subscriptionPlanName: z.string().nullable().describe("The plan's name (null: free, or a plan no longer on sale)."),
    subscriptionStatus: z.string(),
    trialExpires: isoTime.nullable(),
    createdAt: isoTime,
    lastLoginAt: isoTime.nullable(),
  })
  .meta({ id: 'AdminCustomerRow' });
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const customerSearchSchema = z.object({
  customers: z.array(customerRowSchema).describe('Customers only: administrators are not customers.'),
  admins: z.array(customerRowSchema).describe('The administrators who match, listed apart and counted in no total (at most 20).'),
  pagination: paginationSchema.describe('Of the customers.'),
  q: z.string(),
});
export type CustomerSearch = z.infer<typeof customerSearchSchema>;

/** A subscription as the admin sees it: every one the customer ever started, with how it ended. */
export const adminSubscriptionSchema = z
  .object({
    id: z.string(),
    planCode: z.string(),
    planName: z.string(),
    kind: z.enum(['subscription', 'order', 'complimentary']).describe('complimentary: a period an admin granted, no payment (decision 081).'),
    status: z.string(),
    amount: z.number().int().describe('Paise'),
    currency: z.string(),
    interval: z.string(),
    currentStart: isoTime.nullable(),
    currentEnd: isoTime.nullable(),
    cancelAtPeriodEnd: z.boolean(),
    cancelledAt: isoTime.nullable(),
    cancellationReason: z.string().nullable(),
    grantsAccess: z.boolean().describe('Whether it gives access now.'),
    razorpaySubscriptionId: z.string().nullable(),
    razorpayOrderId: z.string().nullable(),
    createdAt: isoTime,
  })
  .meta({ id: 'AdminSubscription' });
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

/** The billing details typed at a checkout (decision 083): who the tax invoice is to. */
export const adminBillingDetailsSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    gstin: z.string().nullable(),
    state: z.string().nullable().describe('India: the state or union territory, as "29 - Karnataka".'),
    address: z.string().describe('Street, city and ZIP code.'),
    country: z.string().describe('The country, in words.'),
    phone: z.string().nullable(),
    planName: z.string().describe('The plan of the purchase they were given with.'),
    givenAt: isoTime.describe('When that checkout began.'),
  })
  .meta({ id: 'AdminBillingDetails' });
export type AdminBillingDetails = z.infer<typeof adminBillingDetailsSchema>;

/** GET /admin/users/{id}: everything support needs about one customer. */
export const customerDetailSchema = z
  .object({
    user: publicUserSchema,
    verification: z.object({
      emailVerifiedAt: isoTime.nullable(),
      lastLinkSentAt: isoTime.nullable().describe('When the latest verification link was made.'),
      lastLinkExpiresAt: isoTime.nullable(),
    }),
    entitlement: entitlementSchema.describe('What the desktop program may unlock now, by the same rules as GET /entitlement.'),
    security: z
      .object({
        twoFactor: z.boolean().describe('Two-step verification is on (an authenticator app).'),
        twoFactorSince: isoTime.nullable(),
        passkeys: z.number().int(),
        recovery: z.object({ requestedAt: isoTime, readyAt: isoTime }).nullable().describe('A recovery of two-step verification by e-mail waiting (decision 201); null: none.'),
      })
      .describe("The customer's sign-in factors: what an admin's reset of two-step verification would remove. Never a secret or a code."),
    sessions: z.array(activeSessionSchema),
    subscriptions: z.array(adminSubscriptionSchema),
    billing: adminBillingDetailsSchema.nullable().describe('The billing details of the latest checkout that gave them; null: none yet.'),
    payments: z.array(paymentSchema),
    paymentsTotal: z.number().int(),
    usage: z.object({
      desktopSessions: z.number().int().describe('Sign-ins of the desktop program, ever.'),
      lastDesktopSeenAt: isoTime.nullable(),
      byFeature: z.array(z.object({ feature: z.string(), events: z.number().int(), quantity: z.number().int(), lastUsedAt: isoTime })),
      recent: z.array(usageItemSchema),
    }),
    contactMessages: z.array(contactMessageSchema),
    audit: z.array(auditEntrySchema).describe('The latest admin actions on this customer (the whole list: GET /admin/audit-log?userId=).'),
  })
  .meta({ id: 'AdminCustomer' });
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** What an admin action answers: the customer as they are after it, and its audit row. */
export const customerActionSchema = z.object({ customer: customerDetailSchema, audit: auditEntrySchema });
export type CustomerAction = z.infer<typeof customerActionSchema>;
