import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatMoney } from '#shared/money';
import { safeEqual } from '#server/lib/crypto';
import { escapeHtml } from '#server/lib/html';
import { SIMULATOR_ASSETS_DIR } from '#server/lib/paths';
import { orderCreateBody, planCreateBody, refundCreateBody, subscriptionCancelBody, subscriptionCreateBody, subscriptionUpdateBody, describeIssue } from './contract';
import type { RazorpaySimulator } from './engine';

/**
 * Whether the request's signed-in user owns the subscription Razorpay knows by this id; throws the app's 401 for a
 * request without a user. Given by the app (plugins/stand-ins.ts), which knows its users and subscriptions.
 */
export type OwnsSubscription = (request: FastifyRequest, providerSubscriptionId: string) => Promise<boolean>;

const asset = (name: string) => readFileSync(path.join(SIMULATOR_ASSETS_DIR, name), 'utf8');

/** Razorpay's error body. */
const rzpError = (reply: FastifyReply, status: number, description: string, field: string | null = null) =>
  reply
    .status(status)
    .send({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, field } });

const checkoutPayBody = z.object({
  key: z.string().min(1),
  subscription_id: z.string().optional(),
  order_id: z.string().optional(),
  outcome: z.enum(['success', 'failure']),
  email: z.string().max(254).optional(),
  contact: z.string().max(30).optional(),
  subscription_card_change: z.boolean().optional(),
});

/**
 * The Razorpay simulator under /dev/razorpay (only while no Razorpay keys are configured): the REST API the SDK
 * calls (/v1/…), checkout.js and its window, and on-demand renewals and webhook delivery for people and tests.
 */
export const simulatorRoutes: FastifyPluginAsync<{
  simulator: RazorpaySimulator;
  kick: () => Promise<number>;
  deliverNow: () => Promise<number>;
  ownsSubscription: OwnsSubscription;
}> = async (app, { simulator, kick, deliverNow, ownsSubscription }) => {
  const { keyId, keySecret } = simulator.secrets;

  // ---- REST API: HTTP Basic auth with key id and secret, bodies checked against Razorpay's documented shapes ----
  await app.register(
    async (v1) => {
      v1.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        const header = request.headers.authorization ?? '';
        const [user, pass] = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString().split(':') : [];
        if (!user || !safeEqual(user, keyId) || !safeEqual(pass ?? '', keySecret)) return rzpError(reply, 401, 'Authentication failed');
      });
      // The SDK posts an immediate cancellation without a body, which axios labels as a form; Razorpay takes form bodies.
      v1.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      v1.addHook('preHandler', async (request) => {
        simulator.requests.push({ method: request.method, path: request.url.replace(/^\/dev\/razorpay/, ''), body: request.body ?? null });
      });

      const parse = <S extends z.ZodType>(schema: S, body: unknown, reply: FastifyReply): z.infer<S> | null => {
        const parsed = schema.safeParse(body ?? {});
        if (parsed.success) return parsed.data;
        const { description, field } = describeIssue(parsed.error);
        rzpError(reply, 400, description, field);
        return null;
      };
      const notFound = (reply: FastifyReply) => rzpError(reply, 400, 'The id provided does not exist');

      v1.post('/plans', async (request, reply) => {
        const body = parse(planCreateBody, request.body, reply);
        return body && simulator.createPlan(body);
      });
      v1.get<{ Params: { id: string } }>('/plans/:id', async (request, reply) => (await simulator.get(request.params.id)) ?? notFound(reply));
      v1.post('/subscriptions', async (request, reply) => {
        const body = parse(subscriptionCreateBody, request.body, reply);
        if (!body) return reply;
        return (await simulator.createSubscription(body)) ?? notFound(reply);
      });
      v1.get<{ Params: { id: string } }>('/subscriptions/:id', async (request, reply) => (await simulator.get(request.params.id)) ?? notFound(reply));
      v1.post<{ Params: { id: string } }>('/subscriptions/:id/cancel', async (request, reply) => {
        const body = parse(subscriptionCancelBody, request.body, reply);
        if (!body) return reply;
        return (await simulator.cancelSubscription(request.params.id, body.cancel_at_cycle_end === 1)) ?? notFound(reply);
      });
      v1.patch<{ Params: { id: string } }>('/subscriptions/:id', async (request, reply) => {
        const body = parse(subscriptionUpdateBody, request.body, reply);
        if (!body) return reply;
        const updated = await simulator.updateSubscription(request.params.id, body);
        if (!updated) return notFound(reply);
        return 'error' in updated ? rzpError(reply, 400, String(updated.error)) : updated;
      });
      v1.post<{ Params: { id: string } }>(
        '/subscriptions/:id/cancel_scheduled_changes',
        async (request, reply) => (await simulator.cancelScheduledChanges(request.params.id)) ?? notFound(reply),
      );
      v1.post('/orders', async (request, reply) => {
        const body = parse(orderCreateBody, request.body, reply);
        return body && simulator.createOrder(body);
      });
      v1.get<{ Params: { id: string } }>('/orders/:id', async (request, reply) => (await simulator.get(request.params.id)) ?? notFound(reply));
      v1.get<{ Params: { id: string } }>('/invoices/:id', async (request, reply) => (await simulator.get(request.params.id)) ?? notFound(reply));
      v1.get<{ Params: { id: string } }>('/payments/:id', async (request, reply) => (await simulator.get(request.params.id)) ?? notFound(reply));
      v1.post<{ Params: { id: string } }>('/payments/:id/refund', async (request, reply) => {
        const body = parse(refundCreateBody, request.body, reply);
        if (!body) return reply;
        const result = await simulator.refund(request.params.id, body);
        if ('error' in result) return rzpError(reply, 400, result.error);
        void kick().catch(() => undefined);
        return result.refund;
      });
    },
    { prefix: '/v1' },
  );

  // ---- the browser side: checkout.js and the checkout window, from our own origin (the CSP allows only 'self') ----
  app.get('/checkout.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(asset('checkout.js')));
  app.get('/checkout/window.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(asset('window.js')));
  app.get('/checkout/window.css', async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(asset('window.css')));

  app.get<{ Querystring: Record<string, string | undefined> }>('/checkout/window', async (request, reply) => {
    const q = request.query;
    const cardChange = q.subscription_card_change === '1' && Boolean(q.subscription_id);
    const details =
      q.key !== keyId
        ? null
        : cardChange
          ? await simulator.describeCardChange(q.subscription_id!)
          : await simulator.describeCheckout({ subscriptionId: q.subscription_id, orderId: q.order_id });
    // This page lives inside the overlay frame of our own pages, so it may be framed by this origin only.
    reply
      .header(
        'content-security-policy',
        "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'none'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'self'; form-action 'self'",
      )
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8');
    return reply.send(windowPage(q, details, cardChange));
  });

  app.post('/checkout/pay', async (request, reply) => {
    const parsed = checkoutPayBody.safeParse(request.body);
    if (!parsed.success || !safeEqual(parsed.data.key, keyId)) return rzpError(reply, 400, 'The api key provided is invalid');
    const b = parsed.data;
    const result =
      b.subscription_card_change && b.subscription_id
        ? await simulator.changeCard(b.subscription_id, b.outcome)
        : await simulator.checkout({ subscriptionId: b.subscription_id, orderId: b.order_id, outcome: b.outcome, email: b.email, contact: b.contact });
    if (!result) return rzpError(reply, 400, 'The id provided does not exist');
    void kick().catch(() => undefined);
    return result;
  });

  // ---- on demand, for people trying the product and for tests: on this machine only (plugins/stand-ins.ts); in a
  // public demo, also only by the signed-in owner of the subscription, whoever's socket it is (a local proxy). Who
  // owns what is the app's to say (the check is given by app.ts): the simulator knows no guard or table of the app ----
  const demo = app.ctx.config.PUBLIC_DEMO;
  const ownerOnly = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    if (!demo) return;
    if (!(await ownsSubscription(request, request.params.id))) return rzpError(reply, 400, 'The id provided does not exist');
  };
  app.post<{ Params: { id: string } }>('/subscriptions/:id/charge', { preHandler: ownerOnly }, async (request, reply) => {
    const sub = await simulator.renew(request.params.id);
    if (!sub) return rzpError(reply, 400, 'This subscription cannot be charged now');
    void kick().catch(() => undefined);
    return sub;
  });
  app.post<{ Params: { id: string } }>('/subscriptions/:id/fail-charge', { preHandler: ownerOnly }, async (request, reply) => {
    const sub = await simulator.failRenewal(request.params.id);
    if (!sub) return rzpError(reply, 400, 'This subscription cannot be charged now');
    void kick().catch(() => undefined);
    return sub;
  });
  // A refund made by hand in Razorpay's dashboard (not in a public demo: it is an operator's act).
  app.post<{ Params: { id: string }; Body: { amount?: number } | undefined }>('/payments/:id/dashboard-refund', async (request, reply) => {
    if (demo) return rzpError(reply, 400, 'Refunds are made by admins in a public demo');
    const amount = request.body?.amount;
    if (amount !== undefined && (!Number.isInteger(amount) || amount < 100)) return rzpError(reply, 400, 'The amount must be atleast INR 1.00');
    const result = await simulator.dashboardRefund(request.params.id, amount);
    if ('error' in result) return rzpError(reply, 400, result.error);
    void kick().catch(() => undefined);
    return result.refund;
  });
  app.post('/webhooks/deliver', async (_request, reply) =>
    demo ? rzpError(reply, 400, 'Webhooks are delivered on their own in a public demo') : { delivered: await deliverNow() },
  );
};

function windowPage(q: Record<string, string | undefined>, details: Awaited<ReturnType<RazorpaySimulator['describeCheckout']>>, cardChange = false): string {
  const e = (v: string | undefined) => escapeHtml(v ?? '');
  const body = details
    ? `<p class="amount" data-testid="sim-amount">${e(formatMoney(details.amount, details.currency))}</p>
       <p class="label">${e(details.label)}</p>
       <dl>
         ${q.prefill_email ? `<div><dt>Email</dt><dd>${e(q.prefill_email)}</dd></div>` : ''}
         ${q.prefill_contact ? `<div><dt>Phone</dt><dd>${e(q.prefill_contact)}</dd></div>` : ''}
         <div><dt>Card</dt><dd>4111 1111 1111 1111 · test</dd></div>
       </dl>
       ${details.payable ? '' : `<p class="status error">${cardChange ? 'This subscription has ended: its card cannot be changed.' : 'This checkout was already paid.'}</p>`}
       <div class="actions">
         <button type="button" class="pay" data-outcome="success" ${details.payable ? '' : 'disabled'}>${cardChange ? 'Save card and pay' : 'Pay'} ${e(formatMoney(details.amount, details.currency))}</button>
         <button type="button" class="fail" data-outcome="failure" ${details.payable ? '' : 'disabled'}>${cardChange ? 'Simulate a declined card' : 'Simulate a failed payment'}</button>
       </div>`
    : '<p class="status error">This checkout link is not valid: the key or the subscription is unknown.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Razorpay Checkout (simulator)</title>
<link rel="stylesheet" href="/dev/razorpay/checkout/window.css"></head>
<body>
<div id="checkout" data-key="${e(q.key)}" data-subscription-id="${e(q.subscription_id)}" data-order-id="${e(q.order_id)}" data-email="${e(q.prefill_email)}" data-contact="${e(q.prefill_contact)}" data-retry="${e(q.retry)}" data-card-change="${cardChange ? '1' : ''}">
  <header><div><h1>${e(q.name || 'Checkout')}</h1><p>${e(q.description)}</p></div><button type="button" id="close" aria-label="Close checkout">×</button></header>
  <main>${body}<p id="status" class="status" role="status" aria-live="polite"></p></main>
  <footer>Razorpay simulator: no money moves. Signatures and webhooks are made as Razorpay makes them.</footer>
</div>
<script src="/dev/razorpay/checkout/window.js" defer></script>
</body></html>`;
}
