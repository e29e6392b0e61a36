import { useState } from 'react';
import { TWO_FACTOR } from '#shared/constants';
import { dateTimeWithZone } from '#shared/dates';
import { twoFactorRecovery } from '#shared/endpoints/two-factor-recovery';
import type { RecoveryRequested } from '#shared/schemas/two-factor-recovery';
import { call } from '../../api/client';
import { useErrorText } from '../../errors';
import { useLocale, useT } from '../../i18n';
import { FormStatus } from './form-status';
import { useTimeZone } from './use-time-zone';

/**
 * "Lost your authenticator and recovery codes?" (decision 201): what the recovery by e-mail does and how long it takes,
 * then, asked for with the sign-in's challenge (the password was just given), when its finishing link will come.
 */
export function LostFactorRecovery({ challenge, onBack, onDone }: { challenge: string; onBack: () => void; onDone: () => void }) {
  const t = useT('auth');
  const errorText = useErrorText();
  const zone = useTimeZone();
  const locale = useLocale();
  const [started, setStarted] = useState<RecoveryRequested | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const hours = TWO_FACTOR.recoveryWaitHours;

  const start = async () => {
    setError('');
    setBusy(true);
    try {
      setStarted((await call(twoFactorRecovery.request, { body: { challenge }, auth: false })).data);
    } catch (err) {
      setError(errorText(err, t('recoveryFailed')));
    } finally {
      setBusy(false);
    }
  };

  if (started) {
    const readyAt = dateTimeWithZone(started.readyAt, zone, locale);
    return (
      <section className="space-y-4" aria-labelledby="recovery-started" data-testid="recovery-started">
        <h3 id="recovery-started" className="text-lg font-semibold text-ink-100">
          {t('recoveryStartedTitle')}
        </h3>
        <p className="text-sm text-ink-300">{started.alreadyRequested ? t('recoveryAlreadyText', { readyAt }) : t('recoveryStartedText', { readyAt })}</p>
        <p className="text-sm text-ink-400">{t('recoveryStartedFound')}</p>
        <button type="button" className="btn-secondary w-full" onClick={onDone}>
          {t('twoStepBack')}
        </button>
      </section>
    );
  }
  return (
    <section className="space-y-4" aria-labelledby="recovery-title">
      <h3 id="recovery-title" className="text-lg font-semibold text-ink-100">
        {t('recoveryTitle')}
      </h3>
      <p className="text-sm text-ink-300">{t('recoveryIntro', { hours })}</p>
      <ol className="list-decimal space-y-2 pl-5 text-sm text-ink-300">
        <li>{t('recoveryStepMail')}</li>
        <li>{t('recoveryStepWait', { hours })}</li>
        <li>{t('recoveryStepCancel')}</li>
      </ol>
      <FormStatus error={error} />
      <button type="button" className="btn-primary w-full" onClick={() => void start()} disabled={busy}>
        {busy ? t('recoveryStarting') : t('recoveryStart')}
      </button>
      <button type="button" className="w-full text-sm text-ink-400 hover:text-ink-100" onClick={onBack}>
        {t('recoveryBackToCode')}
      </button>
    </section>
  );
}
