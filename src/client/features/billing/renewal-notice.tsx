import type { ReactNode } from 'react';
import { formatMoney } from '../../../shared/money';
import type { SubscriptionDto } from '../../../shared/schemas/billing';
import { stillRuns } from '../account/subscription-display';
import { useLongDate } from './format';

/**
 * A failed renewal in plain words (decision 085), the same on the dashboard and in billing: what happened, what the
 * customer keeps and how to fix it. `action` is the way to pay again (a link on the dashboard, a button in billing).
 */
export function RenewalNotice({ subscription: s, action }: { subscription: SubscriptionDto; action?: ReactNode }) {
  const longDate = useLongDate();
  if (!s.renewal) return null;
  const amount = formatMoney(s.planAmount, s.planCurrency);
  const runs = stillRuns(s);
  let title: string;
  let body: string[];
  if (s.renewal.state === 'pending') {
    title = "Your renewal payment didn't go through";
    body = [
      `We couldn't charge ${amount} to renew ${s.planName}${s.renewal.failedAt ? ` on ${longDate(s.renewal.failedAt)}` : ''}. Razorpay will try your card again over the next few days.`,
      'To fix it, make sure your card can pay (enough balance or limit, not expired, autopay turned on with your bank), or update your card: the due payment is charged to the new card at once.',
      runs ? `You keep full access until ${longDate(s.currentEnd)}.` : 'Your access resumes as soon as a retry goes through.',
    ];
  } else if (runs) {
    title = 'Renewal failed: autopay has stopped';
    body = [
      `Every retry of ${amount} for ${s.planName} was declined, so autopay has stopped and you will not be charged again.`,
      `You keep full access until ${longDate(s.currentEnd)}, the end of the period you paid for. To keep using it after that, pay again with a working card.`,
    ];
  } else {
    title = 'Your plan ended because the renewal payment failed';
    body = [`Every retry of ${amount} for ${s.planName} was declined, so autopay stopped and the plan ended on ${longDate(s.currentEnd)}. Pay again with a working card to continue.`];
  }
  const halted = s.renewal.state === 'halted';
  return (
    <div
      role="alert"
      data-testid="renewal-notice"
      data-state={s.renewal.state}
      className={`rounded-xl border px-4 py-3 text-sm ${halted ? 'border-red-500/40 bg-red-500/10 text-red-100' : 'border-yellow-500/30 bg-yellow-500/5 text-yellow-100'}`}
    >
      <p className="font-semibold">{title}</p>
      {body.map((line) => (
        <p key={line} className="mt-1">
          {line}
        </p>
      ))}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
