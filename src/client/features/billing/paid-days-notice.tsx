import type { SubscriptionDto } from '#shared/schemas/billing';
import { accessLength } from '../account/subscription-display';
import { useT } from '../../i18n';
import { useLongDate } from './format';

/**
 * Before paying again for a halted plan that still has paid days (decision 121): a plan paid now starts at once and
 * replaces it, so the days left are not carried over. Said on the plans and again on the review before paying.
 */
export function PaidDaysNotice({ subscription: s }: { subscription: SubscriptionDto }) {
  const t = useT('billing');
  const longDate = useLongDate();
  const length = accessLength(s);
  if (length.forever || length.days < 1) return null;
  return (
    <div role="note" data-testid="paid-days-notice" className="rounded-xl border border-yellow-500/30 bg-yellow-500/5 px-4 py-3 text-sm text-yellow-100">
      <p className="font-semibold">{t('paidDaysLeftTitle', { days: length.days, date: longDate(s.currentEnd) })}</p>
      <p className="mt-1">{t('paidDaysLeftBody', { plan: s.planName, date: longDate(s.currentEnd) })}</p>
    </div>
  );
}
