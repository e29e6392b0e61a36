import { z } from 'zod';
import { issue } from '../errors';
import { ADMIN_ACTION_NAMES, ADMIN_REASON_MAX } from '../admin-actions';
import { pageParam } from './page';

/** The "why" of an admin action as typed: trimmed, at most ADMIN_REASON_MAX characters; '' when none. */
export const adminReasonOptional = z.string().trim().max(ADMIN_REASON_MAX, issue('REASON_TOO_LONG')).default('');
/** The same, where the action changes money or access and a reason must be given. */
export const adminReason = z
  .string({ error: issue('REASON_REQUIRED') })
  .trim()
  .min(1, issue('REASON_REQUIRED'))
  .max(ADMIN_REASON_MAX, issue('REASON_TOO_LONG'));

/** GET /admin/audit-log: newest first, a page at a time, optionally one customer's or one action's rows. */
export const auditLogQuery = z.object({
  page: pageParam,
  limit: z.coerce.number().int().min(1).max(50).catch(20).default(20),
  userId: z.uuid('Invalid user id').optional(),
  action: z.enum(ADMIN_ACTION_NAMES).optional(),
});
export type AuditLogQuery = z.output<typeof auditLogQuery>;

/** The longest search text: an e-mail address is at most 254 characters. */
export const CUSTOMER_QUERY_MAX = 254;

/** GET /admin/users?q=: part of an e-mail or a name (any text: it is matched literally, never as a pattern). */
export const customerSearchQuery = z.object({
  q: z
    .string()
    .max(CUSTOMER_QUERY_MAX, `The search should not exceed ${CUSTOMER_QUERY_MAX} characters`)
    // Control characters (a NUL byte PostgreSQL refuses in text) are never part of a name or an address.
    // eslint-disable-next-line no-control-regex
    .transform((s) => s.replace(/[\u0000-\u001f\u007f]/g, '').trim())
    .default(''),
  page: pageParam,
  limit: z.coerce.number().int().min(1).max(50).catch(20).default(20),
});
export type CustomerSearchQuery = z.output<typeof customerSearchQuery>;

/** The most days one trial extension or complimentary period may add. */
export const ADMIN_GRANT_MAX_DAYS = 366;
const days = z
  .number({ error: 'Days must be a whole number' })
  .int('Days must be a whole number')
  .min(1, 'Days must be at least 1')
  .max(ADMIN_GRANT_MAX_DAYS, `Days must be at most ${ADMIN_GRANT_MAX_DAYS}`);

export const reasonOnlyBody = z.object({ reason: adminReason });
export const optionalReasonBody = z.object({ reason: adminReasonOptional }).default({ reason: '' });
export const extendTrialBody = z.object({ days, reason: adminReason });
export const grantComplimentaryBody = z.object({
  days,
  planCode: z.string({ error: 'Please choose a plan' }).trim().min(1, 'Please choose a plan').max(100),
  reason: adminReason,
});
/** POST /admin/users/{id}/subscriptions/{subscriptionId}/cancel: the customer and their subscription. */
export const subscriptionParams = z.object({ id: z.uuid('Invalid id'), subscriptionId: z.uuid('Invalid id') });

export const adminCancelBody = z.object({
  /** 'now': autopay and access end at once; 'period_end': autopay stops, access runs to the end of the paid period. */
  when: z.enum(['now', 'period_end'], { error: "Choose 'now' or 'period_end'" }),
  reason: adminReason,
});
export type AdminCancelInput = z.output<typeof adminCancelBody>;
