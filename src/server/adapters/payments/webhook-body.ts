import { z } from 'zod';
import type { ProviderPayment, ProviderRefund, ProviderSubscription } from './gateway';

/**
 * A Razorpay webhook body as the billing services read it, checked after the signature and before anything is stored:
 * a signed body of another shape (`[1,2]`, `null`, no `payload`, an entity without its id) is refused with 400
 * INVALID_WEBHOOK_BODY and changes nothing. Only what is read is checked, and every object keeps the fields Razorpay
 * adds: an event we do not act on (invoice.paid, payment.dispute.*) or a new field passes, so Razorpay never retries,
 * and finally disables, a webhook for a body we can take.
 */
const unix = z.number().int().nonnegative();
const id = z.string().min(1).max(100);
const paise = z.number().int().nonnegative();
const text = z.string().max(1000);
const notes = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]);

const subscriptionEntity = z.looseObject({
  id,
  status: z.string().min(1).max(40),
  plan_id: id,
  current_start: unix.nullable().optional(),
  current_end: unix.nullable().optional(),
});
const paymentEntity = z.looseObject({
  id,
  amount: paise,
  currency: z.string().min(1).max(10),
  status: z.string().min(1).max(40),
  order_id: id.nullable().optional(),
  invoice_id: id.nullable().optional(),
  method: text.nullable().optional(),
  email: text.nullable().optional(),
  error_description: text.nullable().optional(),
  created_at: unix,
});
const refundEntity = z.looseObject({
  id,
  amount: paise,
  currency: z.string().min(1).max(10),
  payment_id: id,
  status: z.string().min(1).max(40),
  notes: notes.optional(),
  receipt: text.nullable().optional(),
  created_at: unix,
});
const wrapped = <T extends z.ZodType>(entity: T) => z.looseObject({ entity });

export const webhookBodySchema = z.looseObject({
  event: z.string().min(1).max(100),
  created_at: unix,
  payload: z.looseObject({
    subscription: wrapped(subscriptionEntity).optional(),
    payment: wrapped(paymentEntity).optional(),
    order: wrapped(z.looseObject({ id })).optional(),
    refund: wrapped(refundEntity).optional(),
  }),
});

/** The checked body, with the entities typed as the gateway reads them (the fields it checked; the rest as Razorpay sent it). */
export type WebhookBody = {
  event: string;
  created_at: number;
  payload: {
    subscription?: { entity: ProviderSubscription };
    payment?: { entity: ProviderPayment };
    order?: { entity: { id: string } };
    refund?: { entity: ProviderRefund };
  };
};

/** The body as a webhook, or the path and reason of the first thing wrong with it. */
export function parseWebhookBody(raw: unknown): { ok: true; body: WebhookBody } | { ok: false; problem: string } {
  const parsed = webhookBodySchema.safeParse(raw);
  if (parsed.success) return { ok: true, body: parsed.data as unknown as WebhookBody };
  const issue = parsed.error.issues[0]!;
  return { ok: false, problem: issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message };
}
