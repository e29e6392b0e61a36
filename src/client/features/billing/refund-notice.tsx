import type { ReactNode } from 'react';
import type { SubscriptionDto } from '#shared/schemas/billing';
import { useT } from '../../i18n';
import { useLongDate } from './format';

/**
 * A plan ended by a full refund of its payment (decision 082), in plain words, the same on the dashboard and in
 * billing: what happened, that nothing renews, and how to get access again (`action`: a link on the dashboard).
 */
export function RefundEndedNotice({ subscription: s, action }: { subscription: SubscriptionDto | null; action?: ReactNode }) {
  const longDate = useLongDate();
  const t = useT('billing');
  if (!s?.endedByRefund) return null;
  return (
    <div role="note" data-testid="refund-ended-notice" className="rounded-xl border border-ink-600 bg-ink-850 px-4 py-3 text-sm text-ink-200">
      <p className="font-semibold text-ink-100">{t('refundEndedTitle', { plan: s.planName })}</p>
      <p className="mt-1">{s.cancelledAt ? t('refundEndedBodyOn', { plan: s.planName, date: longDate(s.cancelledAt) }) : t('refundEndedBody', { plan: s.planName })}</p>
      <p className="mt-1">{t('refundEndedNext')}</p>
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
