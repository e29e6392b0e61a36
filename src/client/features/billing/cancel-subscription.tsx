import { useState } from 'react';
import { MSG } from '../../../shared/messages';
import type { SubscriptionDto } from '../../../shared/schemas/billing';
import { messageOf } from '../../api/client';
import { useToast } from '../../components/toast';
import { cancelSubscription } from './api';
import { AutopayNotice } from './autopay-notice';
import { useLongDate } from './format';

const LOSSES = ['Invisible mode during screen sharing and recordings', 'The AI helpers: ChatGPT, Grok and DeepSeek', 'Every keyboard shortcut, click-through and opacity control', 'Priority e-mail support'];

/** The Cancel Subscription tab: what is lost, then an optional reason with Confirm and Keep, then the success state. */
export function CancelSubscription({ subscription, onChanged }: { subscription: SubscriptionDto | null; onChanged: () => void }) {
  const toast = useToast();
  const longDate = useLongDate();
  const [stage, setStage] = useState<'intro' | 'confirm' | 'done'>('intro');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!subscription) {
    return (
      <div className="card text-center">
        <p className="font-medium text-ink-100">{MSG.noActiveSubscription}</p>
        <p className="mt-1 text-sm text-ink-400">There is nothing to cancel. Choose a plan in the Overview tab whenever you are ready.</p>
      </div>
    );
  }
  if (stage === 'done') {
    return (
      <div className="card text-center" aria-live="polite" data-testid="cancel-success">
        <p className="text-lg font-semibold text-ink-100">{MSG.cancelSuccess}</p>
        <p className="mt-2 text-sm text-ink-300">Autopay is off. You keep full access until {longDate(subscription.currentEnd)}.</p>
      </div>
    );
  }
  if (subscription.cancelAtPeriodEnd) {
    return (
      <div className="space-y-4">
        <AutopayNotice subscription={subscription} />
        <p className="text-sm text-ink-400">{MSG.alreadyCancelling}</p>
      </div>
    );
  }
  if (subscription.kind === 'complimentary') {
    return (
      <div className="card">
        <p className="text-ink-100">Your complimentary period ends on {longDate(subscription.currentEnd)} and does not renew, so there is nothing to cancel.</p>
      </div>
    );
  }
  if (subscription.kind === 'order') {
    return (
      <div className="card">
        <p className="text-ink-100">Your lifetime plan has no autopay, so there is nothing to cancel.</p>
      </div>
    );
  }

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await cancelSubscription(subscription._id, { cancelAtPeriodEnd: true, cancellationReason: reason.trim() || MSG.defaultCancelReason });
      if (res.data.alreadySetToCancel) toast.success(res.message ?? MSG.alreadyCancelling);
      else toast.success(res.message ?? MSG.cancelSuccess);
      setStage('done');
      onChanged();
    } catch (err) {
      setError(messageOf(err, MSG.cancelFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading" className="text-lg font-semibold text-ink-100">
        Cancel your {subscription.planName} subscription
      </h2>
      <p className="mt-2 text-sm text-ink-300">Autopay stops at the end of the current period ({longDate(subscription.currentEnd)}). After that you lose:</p>
      <ul className="mt-4 space-y-2 text-sm text-ink-300">
        {LOSSES.map((loss) => (
          <li key={loss} className="flex gap-2">
            <span aria-hidden="true" className="text-red-400">
              ✕
            </span>
            {loss}
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-500/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
          {error}
        </p>
      )}
      {stage === 'intro' ? (
        <button type="button" className="btn-danger mt-6" onClick={() => setStage('confirm')}>
          {MSG.cancelSubscription}
        </button>
      ) : (
        <div className="mt-6 space-y-4">
          <div>
            <label className="label" htmlFor="cancel-reason">
              Why are you cancelling? (optional)
            </label>
            <textarea id="cancel-reason" className="input min-h-24" maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Tell us what we could do better" />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-danger" onClick={() => void confirm()} disabled={busy}>
              {busy ? 'Cancelling…' : MSG.confirmCancellation}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setStage('intro')} disabled={busy}>
              {MSG.keepSubscription}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
