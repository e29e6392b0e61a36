import { z } from 'zod';

/**
 * The request bodies Razorpay's API documents for the calls we make (docs: razorpay.com/docs/api/payments/subscriptions,
 * /orders). The simulator refuses anything else as Razorpay does, and the contract test checks every request we send.
 */
const notes = z.record(z.string().max(256), z.union([z.string().max(256), z.number()])).refine((n) => Object.keys(n).length <= 15, 'notes can have at most 15 key-value pairs');
const paise = z.number().int('amount must be an integer number of paise');
const currency = z.string().regex(/^[A-Z]{3}$/, 'currency must be a 3-letter ISO code');

export const planCreateBody = z
  .object({
    period: z.enum(['daily', 'weekly', 'monthly', 'yearly']),
    interval: z.number().int().min(1),
    item: z
      .object({
        name: z.string().min(1),
        amount: paise.min(100, 'The amount must be atleast INR 1.00'),
        currency,
        description: z.string().optional(),
      })
      .strict(),
    notes: notes.optional(),
  })
  .strict();

export const subscriptionCreateBody = z
  .object({
    plan_id: z.string().regex(/^plan_\w+$/, 'The id provided does not exist'),
    total_count: z.number().int().min(1),
    quantity: z.number().int().min(1).optional(),
    customer_notify: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
    start_at: z.number().int().optional(),
    expire_by: z.number().int().optional(),
    offer_id: z.string().optional(),
    addons: z.array(z.object({ item: z.object({ name: z.string(), amount: paise, currency }).strict() }).strict()).optional(),
    notes: notes.optional(),
  })
  .strict();

export const orderCreateBody = z
  .object({
    amount: paise.min(100, 'The amount must be atleast INR 1.00'),
    currency,
    receipt: z.string().max(40, 'The receipt may not be greater than 40 characters.').optional(),
    notes: notes.optional(),
    partial_payment: z.boolean().optional(),
    payment_capture: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
  })
  .strict();

/** PATCH /subscriptions/{id} (Update a Subscription). */
export const subscriptionUpdateBody = z
  .object({
    plan_id: z
      .string()
      .regex(/^plan_\w+$/, 'The id provided does not exist')
      .optional(),
    offer_id: z.string().optional(),
    quantity: z.number().int().min(1).optional(),
    remaining_count: z.number().int().min(1).optional(),
    start_at: z.number().int().optional(),
    schedule_change_at: z.enum(['now', 'cycle_end']).optional(),
    customer_notify: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
  })
  .strict();

export const subscriptionCancelBody = z.object({ cancel_at_cycle_end: z.union([z.literal(0), z.literal(1)]).optional() }).strict();

export const refundCreateBody = z
  .object({
    amount: paise.min(100, 'The amount must be atleast INR 1.00').optional(),
    speed: z.enum(['normal', 'optimum']).optional(),
    receipt: z.string().max(40, 'The receipt may not be greater than 40 characters.').optional(),
    notes: notes.optional(),
  })
  .strict();

/** Razorpay's wording for a refused request body. */
export function describeIssue(error: z.ZodError): { description: string; field: string | null } {
  const issue = error.issues[0];
  const field = issue.path.join('.') || null;
  if (issue.code === 'unrecognized_keys') return { description: `${issue.keys.join(', ')} is/are not required and should not be sent`, field: issue.keys[0] ?? null };
  if (issue.code === 'invalid_type' && issue.input === undefined) return { description: `The ${(field ?? 'input').replace(/_/g, ' ')} field is required.`, field };
  if (issue.message && !issue.message.startsWith('Invalid') && !issue.message.startsWith('Too')) return { description: issue.message, field };
  return { description: `The ${(field ?? 'input').replace(/_/g, ' ')} is invalid.`, field };
}
