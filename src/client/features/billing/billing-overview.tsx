import type { ReactNode } from 'react';
import type { SubscriptionDto } from '#shared/schemas/billing';
import { mailtoHref } from '#shared/mailto';
import { site } from '#shared/site';
import { accessLength, cancelling, statusTone, TONE_CLASSES } from '../account/subscription-display';
import { rich, useLocale, useT } from '../../i18n';
import { AutopayNotice } from './autopay-notice';
import type { TextKey } from '#shared/i18n/runtime';
import { useLongDate, useMoney } from './format';

/** A subscription's status as billing shows it (the English is Razorpay's word, capitalized by the style). */
const SUBSCRIPTION_STATUS: Record<string, TextKey<'billing'>> = {
  cancelling: 'statusCancelling',
  created: 'statusCreated',
  authenticated: 'statusAuthenticated',
  active: 'statusActive',
  pending: 'statusPending',
  halted: 'statusHalted',
  cancelled: 'statusCancelled',
  completed: 'statusCompleted',
  expired: 'statusExpired',
  paused: 'statusPaused',
};

/** The Overview tab while a subscription runs: plan, status ('Cancelling' when set to end), period and autopay. */
export function BillingOverview({ subscription: s, notice, children }: { subscription: SubscriptionDto; notice?: ReactNode; children?: ReactNode }) {
  const t = useT('billing');
  const tl = useT('landing');
  // English shows Razorpay's word capitalized by the style; the other languages' words are written as shown.
  const locale = useLocale();
  const money = useMoney();
  const ending = cancelling(s);
  const status = ending ? 'cancelling' : s.status;
  const tone = statusTone(ending ? 'cancelled' : s.status);
  const length = accessLength(s);
  const lifetime = length.forever;
  // A period the company granted: nothing was paid and nothing renews (decision 081).
  const complimentary = s.kind === 'complimentary';
  const longDate = useLongDate();
  return (
    <div className="space-y-6">
      {notice}
      <AutopayNotice subscription={s} />
      <section className="card" aria-labelledby="current-plan-heading">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id="current-plan-heading" className="text-sm font-medium text-ink-400">
              {t('currentPlan')}
            </h2>
            <p className="mt-1 text-2xl font-semibold text-ink-100">{s.planName}</p>
          </div>
          <span data-testid="billing-status" className={`rounded-full border px-2.5 py-0.5 text-xs font-medium ${locale === 'en' ? 'capitalize' : ''} ${TONE_CLASSES[tone]}`}>
            {SUBSCRIPTION_STATUS[status] ? t(SUBSCRIPTION_STATUS[status]) : status}
          </span>
        </div>
        <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-ink-400">{t('price')}</dt>
            <dd className="font-medium text-ink-100">
              {complimentary ? (
                t('complimentary')
              ) : (
                <>
                  {money(s.planAmount, s.planCurrency)} <span className="text-ink-400">{tl('perInterval', { interval: s.planInterval })}</span>
                </>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-ink-400">{t('started')}</dt>
            <dd className="text-ink-100">{longDate(s.currentStart)}</dd>
          </div>
          <div>
            <dt className="text-ink-400">{lifetime ? t('validUntil') : ending || complimentary || s.status === 'halted' ? t('endsOn') : t('renewsOn')}</dt>
            <dd className="text-ink-100">{lifetime ? t('forever') : longDate(s.currentEnd)}</dd>
          </div>
          <div>
            <dt className="text-ink-400">{t('daysRemaining')}</dt>
            <dd className="font-medium text-ink-100">{length.forever ? '∞' : length.days}</dd>
          </div>
        </dl>
        <p className="mt-5 text-sm text-ink-400">
          {complimentary ? (
            t('complimentaryNote')
          ) : (
            <>
              {t('processedByRazorpay')} {lifetime ? t('noRenewals') : s.status === 'halted' ? t('autopayStoppedAfterFailure') : ending ? t('autopayOff') : t('autopayRenews')}
            </>
          )}
        </p>
      </section>
      {children}
      <p className="text-sm text-ink-400">
        {rich(t('chargeQuestions', { email: site.supportEmail }), [
          <a key="mail" className="text-accent-300 underline" href={mailtoHref(site.supportEmail, { subject: 'Billing question' })} />,
        ])}
      </p>
    </div>
  );
}
