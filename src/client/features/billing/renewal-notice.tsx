import type { ReactNode } from 'react';
import type { SubscriptionDto } from '#shared/schemas/billing';
import { stillRuns } from '../account/subscription-display';
import { useT } from '../../i18n';
import { useLongDate, useMoney } from './format';

/**
 * A failed renewal in plain words (decision 085), the same on the dashboard and in billing: what happened, what the
 * customer keeps and how to fix it. `action` is the way to pay again (a link on the dashboard, a button in billing).
 */
export function RenewalNotice({ subscription: s, action }: { subscription: SubscriptionDto; action?: ReactNode }) {
  const longDate = useLongDate();
  const t = useT('billing');
  const money = useMoney();
  if (!s.renewal) return null;
  const amount = money(s.planAmount, s.planCurrency);
  const plan = s.planName;
  const runs = stillRuns(s);
  let title: string;
  let body: string[];
  if (s.renewal.state === 'pending') {
    title = t('renewalPendingTitle');
    body = [
      s.renewal.failedAt ? t('renewalPendingChargeOn', { amount, plan, date: longDate(s.renewal.failedAt) }) : t('renewalPendingCharge', { amount, plan }),
      t('renewalPendingFix'),
      runs ? t('keepAccessUntil', { date: longDate(s.currentEnd) }) : t('accessResumes'),
    ];
  } else if (runs) {
    title = t('renewalHaltedTitle');
    body = [t('renewalHaltedDeclined', { amount, plan }), t('renewalHaltedAccess', { date: longDate(s.currentEnd) })];
  } else {
    title = t('renewalEndedTitle');
    body = [t('renewalEndedBody', { amount, plan, date: longDate(s.currentEnd) })];
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
