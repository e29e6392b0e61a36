import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toLocale } from '../../shared/i18n/locales';
import { cancelSubscriptionSchema, changePlanSchema, createSubscriptionSchema, idParam, plansQuerySchema } from '../../shared/schemas/billing';
import { ok } from '../lib/http';
import { authOf, requireUser } from '../plugins/auth';
import { cancelPlanChange } from '../services/billing/cancel-plan-change';
import { cancelSubscription } from '../services/billing/cancel-subscription';
import { changePlan } from '../services/billing/change-plan';
import { currentSubscription } from '../services/billing/current-subscription';
import { listPlans, publicPlansAnswer } from '../services/billing/plans';
import { plansIn } from '../services/billing/plan-texts';
import { BILLING_LIMITS } from '../services/billing/rate-limits';
import { startCheckout } from '../services/billing/start-checkout';
import { BEARER, envelope, orJsonText, replies } from '../../shared/schemas/responses/envelope';
import { sendStored, SMALL_ANSWERS, STORED_ANSWERS } from '../lib/stored-answer';
import { cancelReply, checkoutStartData, currentSubscriptionData, planChangeData, plansData, subscriptionData } from '../../shared/schemas/responses/billing';

/** Plans, the current subscription, starting a purchase and cancelling autopay (spec §7). */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['subscriptions'];

  // The plans in the reader's language (decision 096): the landing's pricing and the account's billing both ask here.
  // The answer is kept written, with its ETag and compressed forms, as long as the list (services/billing/plans.ts).
  app.get('/subscriptions/plans/public', { ...STORED_ANSWERS, schema: { querystring: plansQuerySchema, tags, response: replies({ 200: orJsonText(envelope(plansData)) }) } }, async (request, reply) =>
    sendStored(request, reply, await publicPlansAnswer(app.ctx, toLocale(request.query.lang))),
  );

  app.get('/subscriptions/plans', { schema: { querystring: plansQuerySchema, tags, security: BEARER, response: replies({ 200: envelope(plansData) }) }, preValidation: requireUser }, async (request) =>
    ok({ plans: await plansIn(await listPlans(app.ctx.db), toLocale(request.query.lang)) }),
  );

  app.get('/subscriptions/current', { ...SMALL_ANSWERS, schema: { tags, security: BEARER, response: replies({ 200: envelope(currentSubscriptionData) }) }, preValidation: requireUser }, async (request) => {
    return ok({ subscription: await currentSubscription(app.ctx.db, authOf(request).user.id) });
  });

  // Each purchase or plan change makes something at Razorpay: counted per account (services/billing/rate-limits.ts).
  app.post('/subscriptions', { schema: { body: createSubscriptionSchema, tags, security: BEARER, response: replies({ 200: envelope(checkoutStartData) }) }, preValidation: requireUser }, async (request) => {
    const { user } = authOf(request);
    await app.ctx.limiter.consume(BILLING_LIMITS.checkoutAccount, user.id);
    const result = await startCheckout(app.ctx, user, request.body);
    return ok(result);
  });

  // Plan changes (decision 086): another recurring plan at the cycle end, or the lifetime plan paid now.
  app.post('/subscriptions/:id/change-plan', { schema: { params: idParam, body: changePlanSchema, tags, security: BEARER, response: replies({ 200: envelope(planChangeData) }) }, preValidation: requireUser }, async (request) => {
    const { user } = authOf(request);
    await app.ctx.limiter.consume(BILLING_LIMITS.planChangeAccount, user.id);
    const result = await changePlan(app.ctx, user, request.params.id, request.body);
    return ok(result, result.checkout ? undefined : `Your plan changes to ${result.subscription.scheduledChange?.planName ?? 'the new plan'} at the end of the current period.`);
  });

  app.delete('/subscriptions/:id/change-plan', { schema: { params: idParam, tags, security: BEARER, response: replies({ 200: envelope(subscriptionData) }) }, preValidation: requireUser }, async (request) => {
    return ok({ subscription: await cancelPlanChange(app.ctx, authOf(request).user, request.params.id) }, 'The plan change is cancelled; your plan stays as it is.');
  });

  app.patch('/subscriptions/:id/cancel', { schema: { params: idParam, body: cancelSubscriptionSchema, tags, security: BEARER, response: replies({ 200: cancelReply }) }, preValidation: requireUser }, async (request) => {
    const { subscription, alreadySetToCancel, message } = await cancelSubscription(app.ctx, authOf(request).user, request.params.id, request.body);
    return { ...ok({ subscription, alreadySetToCancel }, message), alreadySetToCancel };
  });
};
