import { endpoint, lazySchemas } from './endpoint';

/** Plans, subscriptions, checkout, payments and receipts, Razorpay's webhooks, and the desktop program's entitlement. */
const zod = /* @__PURE__ */ lazySchemas(async () => ({
  ...(await import('../schemas/billing')),
  ...(await import('../schemas/refunds')),
  ...(await import('../schemas/responses/billing')),
  ...(await import('../schemas/responses/envelope')),
}));

export const subscriptions = {
  publicPlans: endpoint({
    method: 'GET',
    path: '/subscriptions/plans/public',
    guard: 'public',
    tag: 'subscriptions',
    summary: "The plans on sale, in the reader's language (the landing's pricing)",
    schemas: zod.pick((s) => ({ querystring: s.plansQuerySchema, response: { 200: s.orJsonText(s.envelope(s.plansData)) } })),
  }),
  plans: endpoint({
    method: 'GET',
    path: '/subscriptions/plans',
    guard: 'user',
    tag: 'subscriptions',
    summary: "The plans on sale, in the reader's language, for a signed-in user",
    schemas: zod.pick((s) => ({ querystring: s.plansQuerySchema, response: { 200: s.envelope(s.plansData) } })),
  }),
  current: endpoint({
    method: 'GET',
    path: '/subscriptions/current',
    guard: 'user',
    tag: 'subscriptions',
    summary: "The signed-in user's current subscription, or null",
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.currentSubscriptionData) } })),
  }),
  start: endpoint({
    method: 'POST',
    path: '/subscriptions',
    guard: 'user',
    tag: 'subscriptions',
    summary: 'Start a purchase: the pending subscription and what Razorpay Checkout needs to take the payment',
    errors: ['NOT_FOUND', 'NOT_FOUND:PLAN_UNAVAILABLE', 'CONFLICT:ALREADY_SUBSCRIBED', 'BAD_GATEWAY:PROVIDER_ERROR'],
    limits: ['checkout-account'],
    schemas: zod.pick((s) => ({ body: s.createSubscriptionSchema, response: { 200: s.envelope(s.checkoutStartData) } })),
  }),
  changePlan: endpoint({
    method: 'POST',
    path: '/subscriptions/:id/change-plan',
    guard: 'user',
    tag: 'subscriptions',
    summary: 'Change plan: another recurring plan from the end of the period, or the lifetime plan paid now (decision 086)',
    errors: ['NOT_FOUND', 'NOT_FOUND:SUBSCRIPTION_NOT_FOUND', 'NOT_FOUND:PLAN_UNAVAILABLE', 'CONFLICT:AUTOPAY_OFF', 'CONFLICT:NOT_CHANGEABLE', 'CONFLICT:RENEWAL_FAILED', 'BAD_REQUEST:SAME_PLAN', 'BAD_GATEWAY:PROVIDER_ERROR'],
    limits: ['plan-change-account'],
    schemas: zod.pick((s) => ({ params: s.idParam, body: s.changePlanSchema, response: { 200: s.envelope(s.planChangeData) } })),
  }),
  cancelPlanChange: endpoint({
    method: 'DELETE',
    path: '/subscriptions/:id/change-plan',
    guard: 'user',
    tag: 'subscriptions',
    summary: 'Cancel a scheduled plan change: the plan stays as it is',
    errors: ['NOT_FOUND', 'NOT_FOUND:SUBSCRIPTION_NOT_FOUND', 'BAD_REQUEST:NO_SCHEDULED_CHANGE', 'BAD_GATEWAY:PROVIDER_ERROR'],
    schemas: zod.pick((s) => ({ params: s.idParam, response: { 200: s.envelope(s.subscriptionData) } })),
  }),
  cancel: endpoint({
    method: 'PATCH',
    path: '/subscriptions/:id/cancel',
    guard: 'user',
    tag: 'subscriptions',
    summary: 'Stop autopay: the plan ends with its paid period',
    errors: ['NOT_FOUND', 'NOT_FOUND:NO_ACTIVE_SUBSCRIPTION', 'BAD_REQUEST:NOT_RECURRING', 'BAD_GATEWAY:PROVIDER_ERROR'],
    schemas: zod.pick((s) => ({ params: s.idParam, body: s.cancelSubscriptionSchema, response: { 200: s.cancelReply } })),
  }),
};

export const payments = {
  config: endpoint({
    method: 'GET',
    path: '/payments/config',
    guard: 'public',
    tag: 'payments',
    summary: "Razorpay Checkout's key and script, and whether payments are simulated",
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.paymentsConfigSchema) } })),
  }),
  verify: endpoint({
    method: 'POST',
    path: '/payments/verify',
    guard: 'user',
    tag: 'payments',
    summary: "Verify a payment Razorpay Checkout took (its signature): the subscription it pays for",
    errors: ['BAD_REQUEST:PAYMENT_VERIFICATION_FAILED', 'CONFLICT:PURCHASE_NOT_APPLIED', 'BAD_GATEWAY:PROVIDER_ERROR'],
    schemas: zod.pick((s) => ({ body: s.verifyPaymentSchema, response: { 200: s.envelope(s.subscriptionData) } })),
  }),
  history: endpoint({
    method: 'GET',
    path: '/payments',
    guard: 'user',
    tag: 'payments',
    summary: "The signed-in user's payments, newest first, a page at a time",
    schemas: zod.pick((s) => ({ querystring: s.paymentsQuerySchema, response: { 200: s.envelope(s.paymentsPageData) } })),
  }),
  receipt: endpoint({
    method: 'GET',
    path: '/payments/:id/receipt',
    guard: 'user',
    tag: 'payments',
    summary: 'The receipt of one of the signed-in user’s payments (PDF)',
    errors: ['NOT_FOUND', 'NOT_FOUND:RECEIPT_NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.idParam, response: { 200: s.fileReply('application/pdf', 'The receipt (PDF), as an attachment.') } })),
  }),
  creditNote: endpoint({
    method: 'GET',
    path: '/payments/:id/refunds/:refundId/credit-note',
    guard: 'user',
    tag: 'payments',
    summary: 'The credit note of a refund of one of the signed-in user’s payments (PDF)',
    errors: ['NOT_FOUND', 'NOT_FOUND:CREDIT_NOTE_NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.refundParams, response: { 200: s.fileReply('application/pdf', 'The credit note of a refund (PDF), as an attachment.') } })),
  }),
};

export const webhooks = {
  razorpay: endpoint({
    method: 'POST',
    path: '/webhooks/razorpay',
    guard: 'signed',
    tag: 'webhooks',
    summary: "Razorpay's events (payments, subscriptions, refunds), signed with the webhook secret",
    description: 'No account: the `x-razorpay-signature` header (an HMAC of the body as sent) is the credential. An event seen before answers `duplicate` and changes nothing.',
    errors: ['BAD_REQUEST:INVALID_SIGNATURE', 'BAD_REQUEST:INVALID_WEBHOOK_BODY', 'SERVICE_UNAVAILABLE'],
    schemas: zod.pick((s) => ({ headers: s.webhookHeaders, response: { 200: s.envelope(s.webhookData) } })),
  }),
};

export const entitlement = {
  read: endpoint({
    method: 'GET',
    path: '/entitlement',
    guard: 'user',
    tag: 'desktop',
    summary: 'For the desktop program: which plan grants access, and until when',
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.entitlementData) } })),
  }),
};
