import { dateTime } from '#shared/dates';
import type { ProviderCancellationDto } from '#shared/schemas/billing';
import { messageOf } from '../../api/client';
import { useTimeZone } from '../auth/use-time-zone';
import { useProviderCancellations } from './api';

const REASON: Record<ProviderCancellationDto['reason'], string> = {
  account_deleted: 'Account deleted',
  charged_after_deletion: 'Charged after the account was deleted',
  replaced: 'Replaced by a newer purchase',
  duplicate_purchase: 'Paid while another plan was active (refunded automatically)',
  refunded: 'Payment refunded in full',
};

/**
 * The subscriptions of deleted accounts that Razorpay has not cancelled yet (decision 063). Shown only while there
 * are some: each is tried again automatically until Razorpay accepts; a long-failing one needs a look in Razorpay.
 */
export function ProviderCancellationsPanel() {
  const { data, error } = useProviderCancellations();
  const zone = useTimeZone();
  const when = (iso: string) => dateTime(iso, zone);
  if (error) {
    return (
      <p role="alert" className="card mt-8 text-sm text-red-300">
        {messageOf(error, 'Failed to load the pending cancellations at Razorpay.')}
      </p>
    );
  }
  if (!data || data.total === 0) return null;
  return (
    <section className="card mt-8 border-amber-500/40 p-0" aria-labelledby="provider-cancellations-heading" data-testid="provider-cancellations">
      <div className="border-b border-ink-800 px-5 py-4">
        <h2 id="provider-cancellations-heading" className="font-semibold text-amber-200">
          Cancellations waiting at Razorpay ({data.total})
        </h2>
        <p className="mt-1 text-sm text-ink-400">Subscriptions of deleted accounts. Each is tried again automatically until Razorpay cancels it.</p>
      </div>
      <ul className="divide-y divide-ink-800">
        {data.cancellations.map((c) => (
          <li key={c.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-5 py-3 text-sm" data-testid="provider-cancellation">
            <div className="min-w-0">
              <p className="font-mono text-ink-100">{c.razorpaySubscriptionId}</p>
              <p className="text-ink-400">
                {c.planName ?? 'Subscription'} · {REASON[c.reason]} · since <time dateTime={c.createdAt}>{when(c.createdAt)}</time>
              </p>
              {c.lastError && <p className="mt-1 break-words text-red-300">{c.lastError}</p>}
            </div>
            <div className="text-right">
              <span
                className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold ${c.state === 'failed' ? 'border-red-500/40 bg-red-500/10 text-red-300' : 'border-amber-500/40 bg-amber-500/10 text-amber-300'}`}
              >
                {c.state === 'failed' ? `Failed ${c.attempts}×` : 'Pending'}
              </span>
              <p className="mt-1 text-xs text-ink-400">
                Next try <time dateTime={c.nextAttemptAt}>{when(c.nextAttemptAt)}</time>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
