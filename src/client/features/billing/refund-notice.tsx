import type { ReactNode } from 'react';
import type { SubscriptionDto } from '../../../shared/schemas/billing';
import { useLongDate } from './format';

/**
 * A plan ended by a full refund of its payment (decision 082), in plain words, the same on the dashboard and in
 * billing: what happened, that nothing renews, and how to get access again (`action`: a link on the dashboard).
 */
export function RefundEndedNotice({ subscription: s, action }: { subscription: SubscriptionDto | null; action?: ReactNode }) {
  const longDate = useLongDate();
  if (!s?.endedByRefund) return null;
  return (
    <div role="note" data-testid="refund-ended-notice" className="rounded-xl border border-ink-600 bg-ink-850 px-4 py-3 text-sm text-ink-200">
      <p className="font-semibold text-ink-100">Your {s.planName} plan ended with a full refund</p>
      <p className="mt-1">
        We refunded your payment for {s.planName} in full{s.cancelledAt ? ` on ${longDate(s.cancelledAt)}` : ''}, so the plan ended then and will not renew: nothing more will be charged for it.
      </p>
      <p className="mt-1">The credit note is in Payment History. To use the paid features again, choose a plan.</p>
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
