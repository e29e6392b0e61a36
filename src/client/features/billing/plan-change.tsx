import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CheckoutDto, PlanDto, SubscriptionDto } from '#shared/schemas/billing';
import { useErrorText } from '../../errors';
import { useToast } from '../../components/toast';
import { rich, useLocale, useT } from '../../i18n';
import { useAuth } from '../auth/auth-context';
import { billingKeys, cancelPlanChange, changePlan, fetchPlans } from './api';
import { useLongDate, useMoney } from './format';
import { failureText, openCheckout } from './open-checkout';

type Props = { subscription: SubscriptionDto; scriptState: 'loading' | 'ready' | 'error'; onChanged: () => void; onPaid: () => void };

/**
 * Change plan (decision 086), under the current plan while renewals are in order: another recurring plan from the next
 * renewal (nothing charged now), or the lifetime plan paid now with the unused part of the period taken off its price.
 * A scheduled change shows with the way to drop it.
 */
export function PlanChange({ subscription: s, scriptState, onChanged, onPaid }: Props) {
  const errorText = useErrorText();
  const toast = useToast();
  const { user } = useAuth();
  const longDate = useLongDate();
  const t = useT('billing');
  const tl = useT('landing');
  const msg = useT('msg');
  const money = useMoney();
  const perInterval = (interval: string) => tl('perInterval', { interval });
  const locale = useLocale();
  const plans = useQuery({ queryKey: billingKeys.plans(locale), queryFn: ({ signal }) => fetchPlans(locale, signal) });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [order, setOrder] = useState<{ plan: PlanDto; checkout: CheckoutDto; credit: number } | null>(null);
  // Another recurring plan is switched to only after a second, explicit step that says what changes when (decision 121).
  const [confirming, setConfirming] = useState<PlanDto | null>(null);

  const scheduled = s.scheduledChange;
  const others = (plans.data ?? []).filter((p) => p.code !== s.planCode);

  const schedule = async (plan: PlanDto) => {
    setBusy(plan.id);
    setError(null);
    try {
      const res = await changePlan(s._id, { planId: plan.id });
      if (res.data.checkout) {
        setOrder({ plan, checkout: res.data.checkout, credit: res.data.subscription.credit });
      } else {
        setConfirming(null);
        toast.success(t('changeScheduled', { plan: res.data.subscription.scheduledChange?.planName ?? plan.name }));
        onChanged();
      }
    } catch (err) {
      setError(errorText(err, t('changeFailed')));
    } finally {
      setBusy(null);
    }
  };

  const keep = async () => {
    setBusy('keep');
    setError(null);
    try {
      await cancelPlanChange(s._id);
      toast.success(t('changeKept'));
      onChanged();
    } catch (err) {
      setError(errorText(err, t('changeCancelFailed')));
    } finally {
      setBusy(null);
    }
  };

  const pay = () => {
    if (!order) return;
    setBusy('pay');
    setError(null);
    openCheckout(order.checkout, {
      prefill: { name: `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim(), email: user?.email ?? '', contact: user?.phone ?? '' },
      notes: {},
      onPaid: () => {
        setBusy(null);
        onPaid();
      },
      onFailed: (failure) => {
        setBusy(null);
        setError(failureText(msg, failure));
      },
      onDismiss: () => setBusy(null),
    });
  };

  return (
    <section className="card" aria-labelledby="change-plan-heading" data-testid="plan-change">
      <h2 id="change-plan-heading" className="text-lg font-semibold text-ink-100">
        {t('changePlanTitle')}
      </h2>
      {scheduled && (
        <div className="mt-3 rounded-lg border border-accent-500/30 bg-accent-500/5 px-3 py-2 text-sm text-ink-200" role="note" data-testid="scheduled-change">
          <p>
            {rich(
              t('scheduledChange', {
                plan: scheduled.planName,
                price: `${money(scheduled.amount, s.planCurrency)} ${perInterval(scheduled.interval)}`,
                date: longDate(scheduled.at),
                current: s.planName,
              }),
              [<strong key="plan" />],
            )}
          </p>
          <button type="button" className="btn-ghost mt-2" onClick={() => void keep()} disabled={busy !== null}>
            {t('keepPlan', { plan: s.planName })}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-500/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
          {error}
        </p>
      )}
      {order ? (
        <div className="mt-4 space-y-3 text-sm text-ink-300" data-testid="lifetime-offer">
          <p>
            {rich(
              order.credit > 0
                ? t('orderPriceCredit', {
                    plan: order.plan.name,
                    amount: money(order.checkout.amount, order.checkout.currency),
                    full: money(order.plan.amount, order.plan.currency),
                    credit: money(order.credit, order.plan.currency),
                  })
                : t('orderPrice', { plan: order.plan.name, amount: money(order.checkout.amount, order.checkout.currency) }),
              [<strong key="amount" className="text-ink-100" />],
            )}
          </p>
          <p>{t('orderEndsSubscription', { plan: s.planName })}</p>
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-primary" onClick={pay} disabled={busy !== null || scriptState !== 'ready'}>
              {t('payAmount', { amount: money(order.checkout.amount, order.checkout.currency) })}
            </button>
            <button type="button" className="btn-ghost" onClick={() => setOrder(null)} disabled={busy === 'pay'}>
              {t('back')}
            </button>
          </div>
        </div>
      ) : confirming ? (
        <div className="mt-4 space-y-3 text-sm text-ink-300" data-testid="change-confirm">
          <p className="font-medium text-ink-100">{t('changeConfirmTitle', { plan: confirming.name })}</p>
          <p>
            {rich(
              t('changeConfirmBody', {
                plan: confirming.name,
                price: `${money(confirming.amount, confirming.currency)} ${perInterval(confirming.interval)}`,
                date: longDate(s.currentEnd),
                current: s.planName,
              }),
              [<strong key="price" className="text-ink-100" />],
            )}
          </p>
          {scheduled && scheduled.planId !== confirming.id && <p>{t('changeConfirmReplaces', { plan: scheduled.planName })}</p>}
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-primary" onClick={() => void schedule(confirming)} disabled={busy !== null} aria-busy={busy === confirming.id}>
              {t('changeConfirm', { plan: confirming.name })}
            </button>
            <button type="button" className="btn-ghost" onClick={() => setConfirming(null)} disabled={busy !== null}>
              {t('back')}
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-400">{t('changeLead')}</p>
          {plans.isError && <p className="mt-3 text-sm text-red-300">{msg('plansFailed')}</p>}
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {others.map((p) => {
              const lifetime = p.interval === 'lifetime';
              const isScheduled = scheduled?.planId === p.id;
              return (
                <li key={p.id} className="flex flex-col justify-between gap-3 rounded-xl border border-ink-700 p-4">
                  <div>
                    <p className="font-medium text-ink-100">{p.name}</p>
                    <p className="text-sm text-ink-300">
                      {money(p.amount, p.currency)} <span className="text-ink-400">{perInterval(p.interval)}</span>
                    </p>
                  </div>
                  <button
                    type="button"
                    className={lifetime ? 'btn-primary' : 'btn-secondary'}
                    onClick={() => (lifetime ? void schedule(p) : setConfirming(p))}
                    disabled={busy !== null || isScheduled}
                    aria-busy={busy === p.id}
                  >
                    {isScheduled ? t('scheduled') : lifetime ? t('upgradeLifetime') : t('switchAtRenewal')}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
