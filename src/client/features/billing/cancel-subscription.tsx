import { useState } from 'react';
import { MSG } from '#shared/messages';
import type { SubscriptionDto } from '#shared/schemas/billing';
import { useErrorText } from '../../errors';
import { useToast } from '../../components/toast';
import { useT } from '../../i18n';
import { cancelSubscription } from './api';
import { AutopayNotice } from './autopay-notice';
import { useLongDate } from './format';

/** The Cancel Subscription tab: what is lost, then an optional reason with Confirm and Keep, then the success state. */
export function CancelSubscription({ subscription, onChanged }: { subscription: SubscriptionDto | null; onChanged: () => void }) {
  const errorText = useErrorText();
  const toast = useToast();
  const longDate = useLongDate();
  const t = useT('billing');
  const msg = useT('msg');
  const losses = [t('lossInvisible'), t('lossAi'), t('lossShortcuts'), t('lossSupport')];
  const [stage, setStage] = useState<'intro' | 'confirm' | 'done'>('intro');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!subscription) {
    return (
      <div className="card text-center">
        <p className="font-medium text-ink-100">{msg('noActiveSubscription')}</p>
        <p className="mt-1 text-sm text-ink-400">{t('nothingToCancel')}</p>
      </div>
    );
  }
  if (stage === 'done') {
    return (
      <div className="card text-center" aria-live="polite" data-testid="cancel-success">
        <p className="text-lg font-semibold text-ink-100">{msg('cancelSuccess')}</p>
        <p className="mt-2 text-sm text-ink-300">{t('cancelDone', { date: longDate(subscription.currentEnd) })}</p>
      </div>
    );
  }
  if (subscription.cancelAtPeriodEnd) {
    return (
      <div className="space-y-4">
        <AutopayNotice subscription={subscription} />
        <p className="text-sm text-ink-400">{msg('alreadyCancelling')}</p>
      </div>
    );
  }
  if (subscription.kind === 'complimentary') {
    return (
      <div className="card">
        <p className="text-ink-100">{t('complimentaryNoCancel', { date: longDate(subscription.currentEnd) })}</p>
      </div>
    );
  }
  if (subscription.kind === 'order') {
    return (
      <div className="card">
        <p className="text-ink-100">{t('lifetimeNoCancel')}</p>
      </div>
    );
  }

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await cancelSubscription(subscription._id, { cancelAtPeriodEnd: true, cancellationReason: reason.trim() || MSG.defaultCancelReason });
      if (res.data.alreadySetToCancel) toast.success(msg('alreadyCancelling'));
      else toast.success(msg('cancelSuccess'));
      setStage('done');
      onChanged();
    } catch (err) {
      setError(errorText(err, msg('cancelFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading" className="text-lg font-semibold text-ink-100">
        {t('cancelTitle', { plan: subscription.planName })}
      </h2>
      <p className="mt-2 text-sm text-ink-300">{t('cancelLead', { date: longDate(subscription.currentEnd) })}</p>
      <ul className="mt-4 space-y-2 text-sm text-ink-300">
        {losses.map((loss) => (
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
          {msg('cancelSubscription')}
        </button>
      ) : (
        <div className="mt-6 space-y-4">
          <div>
            <label className="label" htmlFor="cancel-reason">
              {t('cancelReason')}
            </label>
            <textarea
              id="cancel-reason"
              className="input min-h-24"
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder={t('cancelReasonPlaceholder')}
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-danger" onClick={() => void confirm()} disabled={busy}>
              {busy ? t('cancelling') : msg('confirmCancellation')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setStage('intro')} disabled={busy}>
              {msg('keepSubscription')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
