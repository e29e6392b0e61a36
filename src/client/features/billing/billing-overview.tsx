import type { ReactNode } from 'react';
import { daysRemaining } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import type { SubscriptionDto } from '../../../shared/schemas/billing';
import { mailtoHref } from '../../../shared/mailto';
import { site } from '../../../shared/site';
import { statusTone, TONE_CLASSES } from '../account/subscription-display';
import { AutopayNotice } from './autopay-notice';
import { INTERVAL_LABEL, useLongDate } from './format';

/** The Overview tab while a subscription runs: plan, status ('Cancelling' when set to end), period and autopay. */
export function BillingOverview({ subscription: s, notice, children }: { subscription: SubscriptionDto; notice?: ReactNode; children?: ReactNode }) {
  const status = s.cancelAtPeriodEnd ? 'Cancelling' : s.status;
  const tone = statusTone(s.cancelAtPeriodEnd ? 'cancelled' : s.status);
  const lifetime = s.kind === 'order';
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
              Current plan
            </h2>
            <p className="mt-1 text-2xl font-semibold text-ink-100">{s.planName}</p>
          </div>
          <span data-testid="billing-status" className={`rounded-full border px-2.5 py-0.5 text-xs font-medium capitalize ${TONE_CLASSES[tone]}`}>
            {status}
          </span>
        </div>
        <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-ink-400">Price</dt>
            <dd className="font-medium text-ink-100">
              {complimentary ? (
                'Complimentary'
              ) : (
                <>
                  {formatMoney(s.planAmount, s.planCurrency)} <span className="text-ink-400">/ {INTERVAL_LABEL[s.planInterval] ?? s.planInterval}</span>
                </>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-ink-400">Started</dt>
            <dd className="text-ink-100">{longDate(s.currentStart)}</dd>
          </div>
          <div>
            <dt className="text-ink-400">{lifetime ? 'Valid until' : s.cancelAtPeriodEnd || complimentary || s.status === 'halted' ? 'Ends on' : 'Renews on'}</dt>
            <dd className="text-ink-100">{lifetime ? 'Forever' : longDate(s.currentEnd)}</dd>
          </div>
          <div>
            <dt className="text-ink-400">Days remaining</dt>
            <dd className="font-medium text-ink-100">{lifetime ? '∞' : daysRemaining(s.currentEnd)}</dd>
          </div>
        </dl>
        {s.cancelAtPeriodEnd && (
          <p className="mt-5 rounded-lg border border-ink-700 bg-ink-850 px-3 py-2 text-sm text-ink-300" data-testid="ends-banner">
            Your subscription ends on {longDate(s.currentEnd)}; you can use it until then.
          </p>
        )}
        <p className="mt-5 text-sm text-ink-400">
          {complimentary ? (
            'This period is complimentary: nothing is charged and it does not renew. When it ends, you can choose a plan here.'
          ) : (
            <>
              Payments are processed by Razorpay.{' '}
              {lifetime ? 'This plan has no renewals.' : s.status === 'halted' ? 'Autopay has stopped after the failed renewal.' : s.cancelAtPeriodEnd ? 'Autopay is off.' : 'Autopay renews your plan at the end of each period.'}
            </>
          )}
        </p>
      </section>
      {children}
      <p className="text-sm text-ink-400">
        Questions about a charge? Write to{' '}
        <a className="text-accent-300 underline" href={mailtoHref(site.supportEmail, { subject: 'Billing question' })}>
          {site.supportEmail}
        </a>
        .
      </p>
    </div>
  );
}
