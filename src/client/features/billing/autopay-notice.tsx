import type { SubscriptionDto } from '#shared/schemas/billing';
import { useT } from '../../i18n';
import { showsAutopayCancelled, useLongDate } from './format';

/** 'Autopay Cancelled' with the date access ends. */
export function AutopayNotice({ subscription }: { subscription: SubscriptionDto }) {
  const longDate = useLongDate();
  const t = useT('billing');
  const msg = useT('msg');
  if (!showsAutopayCancelled(subscription)) return null;
  return (
    <div role="note" data-testid="autopay-cancelled" className="rounded-xl border border-yellow-500/30 bg-yellow-500/5 px-4 py-3 text-sm text-yellow-100">
      <p className="font-semibold">{msg('autopayCancelled')}</p>
      <p className="mt-1">{t('autopayEnds', { date: longDate(subscription.currentEnd) })}</p>
    </div>
  );
}
