import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toLocale } from '../../shared/i18n/locales';
import { subscriptions } from '../../shared/endpoints/billing';
import { ok } from '../lib/http';
import { route } from './route';
import { authOf } from '../plugins/auth';
import { cancelPlanChange } from '../services/billing/plans/cancel-plan-change';
import { cancelSubscription } from '../services/billing/subscriptions/cancel-subscription';
import { changePlan } from '../services/billing/plans/change-plan';
import { currentSubscription } from '../services/billing/subscriptions/current-subscription';
import { listPlans, publicPlansAnswer } from '../services/billing/plans/plans';
import { plansIn } from '../services/billing/plans/plan-texts';
import { startCheckout } from '../services/billing/checkout/start-checkout';
import { sendStored } from '../lib/stored-answer';
import { NO_COMPRESS_HOOKS } from '../lib/compression';

/** Plans, the current subscription, starting a purchase and cancelling autopay. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  // The plans in the reader's language (decision 096): the landing's pricing and the account's billing both ask here.
  // The answer is kept written, with its ETag and compressed forms, as long as the list (services/billing/plans/plans.ts).
  await route(
    app,
    subscriptions.publicPlans,
    async (request, reply) => sendStored(request, reply, await publicPlansAnswer(app.ctx, toLocale(request.query.lang))),
    NO_COMPRESS_HOOKS,
  );

  await route(app, subscriptions.plans, async (request) => ok({ plans: await plansIn(await listPlans(app.ctx.db), toLocale(request.query.lang)) }));

  await route(app, subscriptions.current, async (request) => ok({ subscription: await currentSubscription(app.ctx.db, authOf(request).user.id) }), NO_COMPRESS_HOOKS);

  // Each purchase or plan change makes something at Razorpay: counted per account by route(), from the declaration's
  // limits (services/billing/checkout/rate-limits.ts).
  await route(app, subscriptions.start, async (request) => {
    const { user } = authOf(request);
    const result = await startCheckout(app.ctx, user, request.body);
    return ok(result);
  });

  // Plan changes (decision 086): another recurring plan at the cycle end, or the lifetime plan paid now.
  await route(app, subscriptions.changePlan, async (request) => {
    const { user } = authOf(request);
    const result = await changePlan(app.ctx, user, request.params.id, request.body);
    return ok(result, result.checkout ? undefined : `Your plan changes to ${result.subscription.scheduledChange?.planName ?? 'the new plan'} at the end of the current period.`);
  });

  await route(app, subscriptions.cancelPlanChange, async (request) => {
    return ok({ subscription: await cancelPlanChange(app.ctx, authOf(request).user, request.params.id) }, 'The plan change is cancelled; your plan stays as it is.');
  });

  await route(app, subscriptions.cancel, async (request) => {
    const { subscription, alreadySetToCancel, message } = await cancelSubscription(app.ctx, authOf(request).user, request.params.id, request.body);
    return { ...ok({ subscription, alreadySetToCancel }, message), alreadySetToCancel };
  });
};
