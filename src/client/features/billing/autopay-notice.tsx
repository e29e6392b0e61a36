import { MSG } from '../../../shared/messages';
import type { SubscriptionDto } from '../../../shared/schemas/billing';
import { showsAutopayCancelled, useLongDate } from './format';

/** 'Autopay Cancelled' with the date access ends (spec §2 and §4). */
export function AutopayNotice({ subscription }: { subscription: SubscriptionDto }) {
  const longDate = useLongDate();
  if (!showsAutopayCancelled(subscription)) return null;
  return (
    <div role="note" data-testid="autopay-cancelled" className="rounded-xl border border-yellow-500/30 bg-yellow-500/5 px-4 py-3 text-sm text-yellow-100">
      <p className="font-semibold">{MSG.autopayCancelled}</p>
      <p className="mt-1">
        Your subscription ends on {longDate(subscription.currentEnd)}. You can keep using it until then, and you will not be charged again.
      </p>
    </div>
  );
}
