import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '../../../shared/money';
import type { CheckoutDto, PlanDto, SubscriptionDto } from '../../../shared/schemas/billing';
import { messageOf } from '../../api/client';
import { useToast } from '../../components/toast';
import { useAuth } from '../auth/auth-context';
import { billingKeys, cancelPlanChange, changePlan, fetchPlans } from './api';
import { INTERVAL_LABEL, useLongDate } from './format';
import { openCheckout } from './open-checkout';

type Props = { subscription: SubscriptionDto; scriptState: 'loading' | 'ready' | 'error'; onChanged: () => void; onPaid: () => void };

/**
 * Change plan (decision 086), under the current plan while renewals are in order: another recurring plan from the next
 * renewal (nothing charged now), or the lifetime plan paid now with the unused part of the period taken off its price.
 * A scheduled change shows with the way to drop it.
 */
export function PlanChange({ subscription: s, scriptState, onChanged, onPaid }: Props) {
  const toast = useToast();
  const { user } = useAuth();
  const longDate = useLongDate();
  const plans = useQuery({ queryKey: billingKeys.plans, queryFn: ({ signal }) => fetchPlans(signal) });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [order, setOrder] = useState<{ plan: PlanDto; checkout: CheckoutDto; credit: number } | null>(null);

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
        toast.success(res.message ?? `Your plan changes to ${plan.name} at the end of the current period.`);
        onChanged();
      }
    } catch (err) {
      setError(messageOf(err, 'Could not change the plan. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const keep = async () => {
    setBusy('keep');
    setError(null);
    try {
      const res = await cancelPlanChange(s._id);
      toast.success(res.message ?? 'The plan change is cancelled.');
      onChanged();
    } catch (err) {
      setError(messageOf(err, 'Could not cancel the plan change. Please try again.'));
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
      onFailed: (message) => {
        setBusy(null);
        setError(message);
      },
      onDismiss: () => setBusy(null),
    });
  };

  return (
    <section className="card" aria-labelledby="change-plan-heading" data-testid="plan-change">
      <h2 id="change-plan-heading" className="text-lg font-semibold text-ink-100">
        Change plan
      </h2>
      {scheduled && (
        <div className="mt-3 rounded-lg border border-accent-500/30 bg-accent-500/5 px-3 py-2 text-sm text-ink-200" role="note" data-testid="scheduled-change">
          <p>
            Your plan changes to <strong>{scheduled.planName}</strong> ({formatMoney(scheduled.amount, s.planCurrency)} / {INTERVAL_LABEL[scheduled.interval] ?? scheduled.interval}) on{' '}
            {longDate(scheduled.at)}. Until then you stay on {s.planName}.
          </p>
          <button type="button" className="btn-ghost mt-2" onClick={() => void keep()} disabled={busy !== null}>
            Keep {s.planName}
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
            {order.plan.name}: <strong className="text-ink-100">{formatMoney(order.checkout.amount, order.checkout.currency)}</strong>
            {order.credit > 0 && <> ({formatMoney(order.plan.amount, order.plan.currency)} less {formatMoney(order.credit, order.plan.currency)} for the unused part of your current period)</>}.
          </p>
          <p>When the payment goes through, your {s.planName} subscription ends at once and is never charged again.</p>
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-primary" onClick={pay} disabled={busy !== null || scriptState !== 'ready'}>
              Pay {formatMoney(order.checkout.amount, order.checkout.currency)}
            </button>
            <button type="button" className="btn-ghost" onClick={() => setOrder(null)} disabled={busy === 'pay'}>
              Back
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-400">A recurring plan starts at your next renewal, with nothing charged now. The lifetime plan starts at once.</p>
          {plans.isError && <p className="mt-3 text-sm text-red-300">Failed to load plans.</p>}
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {others.map((p) => {
              const lifetime = p.interval === 'lifetime';
              const isScheduled = scheduled?.planId === p.id;
              return (
                <li key={p.id} className="flex flex-col justify-between gap-3 rounded-xl border border-ink-700 p-4">
                  <div>
                    <p className="font-medium text-ink-100">{p.name}</p>
                    <p className="text-sm text-ink-300">
                      {formatMoney(p.amount, p.currency)} <span className="text-ink-400">/ {INTERVAL_LABEL[p.interval] ?? p.interval}</span>
                    </p>
                  </div>
                  <button type="button" className={lifetime ? 'btn-primary' : 'btn-secondary'} onClick={() => void schedule(p)} disabled={busy !== null || isScheduled} aria-busy={busy === p.id}>
                    {isScheduled ? 'Scheduled' : lifetime ? 'Upgrade to lifetime' : `Switch at renewal`}
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
