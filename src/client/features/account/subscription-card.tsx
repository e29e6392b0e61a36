import { Link } from '../../components/router';
import { longDate } from '#shared/dates';
import { formatMoney, formatNumber } from '#shared/money';
import type { SubscriptionDto } from '#shared/schemas/billing';
import { RefundEndedNotice } from '../billing/refund-notice';
import { RenewalNotice } from '../billing/renewal-notice';
import { useTimeZone } from '../auth/use-time-zone';
import { useLocale, useT } from '../../i18n';
import type { TextKey } from '#shared/i18n/runtime';
import { accessLength, cancelling, planLabel, statusLabel, statusTone, TONE_CLASSES } from './subscription-display';

/** The words of the statuses the card shows (Razorpay's, 'Cancelling', the account's 'free'); a plan's code stays as it is. */
const STATUS_KEYS: Record<string, TextKey<'account'>> = {
  Cancelling: 'statusCancelling',
  active: 'statusActive',
  authenticated: 'statusAuthenticated',
  created: 'statusCreated',
  pending: 'statusPending',
  halted: 'statusHalted',
  paused: 'statusPaused',
  cancelled: 'statusCancelled',
  completed: 'statusCompleted',
  expired: 'statusExpired',
  free: 'statusFree',
};
const INTERVAL_KEYS: Record<string, TextKey<'account'>> = { week: 'intervalWeek', month: 'intervalMonth', year: 'intervalYear', lifetime: 'intervalLifetime' };

/** Subscription details of the dashboard, in the user's language. */
export function SubscriptionCard({ subscription, userStatus }: { subscription: SubscriptionDto | null; userStatus: string }) {
  const t = useT('account');
  const locale = useLocale();
  const zone = useTimeZone();
  const date = (iso: string | null) => (iso ? longDate(iso, zone, locale) : '—');
  const status = statusLabel(subscription, userStatus);
  const ending = subscription !== null && cancelling(subscription);
  const tone = statusTone(ending ? subscription.status : status);
  const length = subscription ? accessLength(subscription) : null;
  const plan = planLabel(subscription);
  const money = (paise: number) => formatMoney(paise, subscription?.planCurrency, locale);
  const statusKey = STATUS_KEYS[status];
  const interval = (i: string) => (INTERVAL_KEYS[i] ? t(INTERVAL_KEYS[i]) : i);
  return (
    <section className="card" aria-labelledby="subscription-heading" data-testid="subscription-card">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="subscription-heading" className="text-sm font-medium text-ink-400">
            {t('subscription')}
          </h2>
          <p className="mt-1 text-2xl font-semibold text-ink-100" data-testid="plan-label">
            {plan === 'Free' ? t('planFree') : plan === 'Active' ? t('planActive') : t('planRenewalFailed')}
          </p>
        </div>
        {/* English capitalizes the status's word ('stealth month'); the other languages write theirs as they are. */}
        <span
          className={`rounded-full border px-2.5 py-0.5 text-xs font-medium ${locale === 'en' || !statusKey ? 'capitalize' : ''} ${TONE_CLASSES[tone]}`}
          data-testid="subscription-status"
        >
          {statusKey ? t(statusKey) : status.replace(/_/g, ' ')}
        </span>
      </div>
      {subscription ? (
        <>
          <dl className="mt-5 grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-ink-400">{t('plan')}</dt>
              <dd className="font-medium text-ink-100">{subscription.planName}</dd>
            </div>
            <div>
              <dt className="text-ink-400">{t('price')}</dt>
              <dd className="font-medium text-ink-100">
                {subscription.kind === 'complimentary' ? (
                  t('complimentary')
                ) : (
                  <>
                    {money(subscription.planAmount)}
                    {subscription.planInterval !== 'lifetime' && <span className="text-ink-400"> / {interval(subscription.planInterval)}</span>}
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-ink-400">{t('currentPeriod')}</dt>
              <dd className="text-ink-100">
                {date(subscription.currentStart)} – {length?.forever ? t('forever') : date(subscription.currentEnd)}
              </dd>
            </div>
            <div>
              <dt className="text-ink-400">{t('daysRemaining')}</dt>
              <dd className="font-medium text-ink-100" data-testid="days-remaining">
                {!length || length.forever ? '∞' : formatNumber(length.days, locale)}
              </dd>
            </div>
          </dl>
          {subscription.renewal && (
            <div className="mt-4">
              <RenewalNotice
                subscription={subscription}
                action={
                  <Link to="/billing" className={subscription.renewal.state === 'halted' ? 'btn-primary' : 'btn-secondary'}>
                    {subscription.renewal.state === 'halted' ? t('payAgain') : t('updateCard')}
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
                    {t('chooseAPlan')}
                  </Link>
                }
              />
            </div>
          )}
          {subscription.scheduledChange && (
            <p className="mt-4 rounded-lg border border-ink-700 bg-ink-850 px-3 py-2 text-sm text-ink-300" role="note" data-testid="scheduled-change">
              {t('scheduledChange', {
                plan: subscription.scheduledChange.planName,
                amount: money(subscription.scheduledChange.amount),
                interval: interval(subscription.scheduledChange.interval),
                date: date(subscription.scheduledChange.at),
              })}
            </p>
          )}
          {ending && (
            <p className="mt-4 rounded-lg border border-yellow-500/30 bg-yellow-500/5 px-3 py-2 text-sm text-yellow-100" role="note">
              {t('endsOn', { date: date(subscription.currentEnd) })}
            </p>
          )}
          <Link to="/billing" className="btn-secondary mt-5">
            {t('manageBilling')}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-4 text-sm text-ink-300">{t('freePlanNote')}</p>
          <Link to="/billing" className="btn-primary mt-5">
            {t('viewPlans')}
          </Link>
        </>
      )}
    </section>
  );
}
