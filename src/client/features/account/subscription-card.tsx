import { Link } from '../../components/router';
import { daysRemaining } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import type { SubscriptionDto } from '../../../shared/schemas/billing';
import { INTERVAL_LABEL, useLongDate } from '../billing/format';
import { RefundEndedNotice } from '../billing/refund-notice';
import { RenewalNotice } from '../billing/renewal-notice';
import { planLabel, statusLabel, statusTone, TONE_CLASSES } from './subscription-display';

/** Subscription details of the dashboard (spec §4). */
export function SubscriptionCard({ subscription, userStatus }: { subscription: SubscriptionDto | null; userStatus: string }) {
  const date = useLongDate();
  const status = statusLabel(subscription, userStatus);
  const tone = statusTone(subscription?.cancelAtPeriodEnd ? subscription.status : status);
  return (
    <section className="card" aria-labelledby="subscription-heading" data-testid="subscription-card">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="subscription-heading" className="text-sm font-medium text-ink-400">
            Subscription
          </h2>
          <p className="mt-1 text-2xl font-semibold text-ink-100" data-testid="plan-label">
            {planLabel(subscription)}
          </p>
        </div>
        <span className={`rounded-full border px-2.5 py-0.5 text-xs font-medium capitalize ${TONE_CLASSES[tone]}`} data-testid="subscription-status">
          {status.replace(/_/g, ' ')}
        </span>
      </div>
      {subscription ? (
        <>
          <dl className="mt-5 grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-ink-400">Plan</dt>
              <dd className="font-medium text-ink-100">{subscription.planName}</dd>
            </div>
            <div>
              <dt className="text-ink-400">Price</dt>
              <dd className="font-medium text-ink-100">
                {subscription.kind === 'complimentary' ? (
                  'Complimentary'
                ) : (
                  <>
                    {formatMoney(subscription.planAmount, subscription.planCurrency)}
                    {subscription.planInterval !== 'lifetime' && <span className="text-ink-400"> / {subscription.planInterval}</span>}
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-ink-400">Current period</dt>
              <dd className="text-ink-100">
                {date(subscription.currentStart)} – {date(subscription.currentEnd)}
              </dd>
            </div>
            <div>
              <dt className="text-ink-400">Days remaining</dt>
              <dd className="font-medium text-ink-100" data-testid="days-remaining">
                {daysRemaining(subscription.currentEnd)}
              </dd>
            </div>
          </dl>
          {subscription.renewal && (
            <div className="mt-4">
              <RenewalNotice
                subscription={subscription}
                action={
                  <Link to="/billing" className={subscription.renewal.state === 'halted' ? 'btn-primary' : 'btn-secondary'}>
                    {subscription.renewal.state === 'halted' ? 'Pay again' : 'Update card'}
                  </Link>
                }
              />
            </div>
          )}
          {subscription.endedByRefund && (
            <div className="mt-4">
              <RefundEndedNotice
                subscription={subscription}
                action={
                  <Link to="/billing" className="btn-primary">
                    Choose a plan
                  </Link>
                }
              />
            </div>
          )}
          {subscription.scheduledChange && (
            <p className="mt-4 rounded-lg border border-ink-700 bg-ink-850 px-3 py-2 text-sm text-ink-300" role="note" data-testid="scheduled-change">
              Your plan changes to {subscription.scheduledChange.planName} ({formatMoney(subscription.scheduledChange.amount, subscription.planCurrency)} / {INTERVAL_LABEL[subscription.scheduledChange.interval] ?? subscription.scheduledChange.interval}) on {date(subscription.scheduledChange.at)}.
            </p>
          )}
          {subscription.cancelAtPeriodEnd && (
            <p className="mt-4 rounded-lg border border-yellow-500/30 bg-yellow-500/5 px-3 py-2 text-sm text-yellow-100" role="note">
              Your subscription ends on {date(subscription.currentEnd)}. You can keep using it until then.
            </p>
          )}
          <Link to="/billing" className="btn-secondary mt-5">
            Manage billing
          </Link>
        </>
      ) : (
        <>
          <p className="mt-4 text-sm text-ink-300">You are on the free plan. Upgrade for unlimited use after your trial.</p>
          <Link to="/billing" className="btn-primary mt-5">
            View plans
          </Link>
        </>
      )}
    </section>
  );
}
