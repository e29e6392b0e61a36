import { useState } from 'react';
import { twoFactorRecovery } from '#shared/endpoints/two-factor-recovery';
import { call } from '../api/client';
import { Link, useSearchParams } from '../components/router';
import { StatusCard } from '../components/status-card';
import { useErrorText } from '../errors';
import { useLocalePath, useT } from '../i18n';

type State = { kind: 'asking' } | { kind: 'cancelled' } | { kind: 'finished' } | { kind: 'error'; message: string };

/**
 * The pages of the recovery by e-mail's links (decision 201). Each asks before it acts: a mail scanner that opens a
 * link must neither cancel the recovery nor finish it.
 */
function useRecoveryLink() {
  const t = useT('auth');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(() => (token ? { kind: 'asking' } : { kind: 'error', message: t('recoveryLinkMissing') }));
  const [busy, setBusy] = useState(false);
  const act = async (endpoint: typeof twoFactorRecovery.cancel | typeof twoFactorRecovery.complete, done: State) => {
    setBusy(true);
    try {
      await call(endpoint, { body: { token }, auth: false });
      setState(done);
    } catch (err) {
      setState({ kind: 'error', message: errorText(err, t('recoveryLinkFailed')) });
    } finally {
      setBusy(false);
    }
  };
  return { state, busy, act };
}

function Outcome({ state }: { state: Exclude<State, { kind: 'asking' }> }) {
  const t = useT('auth');
  const home = useLocalePath()('/');
  if (state.kind === 'error')
    return (
      <StatusCard state="error" title={t('recoveryLinkFailedTitle')}>
        <p>{state.message}</p>
        <Link to={home} className="btn-secondary">
          {t('linkBackHome')}
        </Link>
      </StatusCard>
    );
  const cancelled = state.kind === 'cancelled';
  return (
    <StatusCard state="success" title={cancelled ? t('recoveryCancelledTitle') : t('recoveryFinishedTitle')}>
      <p>{cancelled ? t('recoveryCancelledText') : t('recoveryFinishedText')}</p>
      <Link to={home} className="btn-primary">
        {t('linkHomeNow')}
      </Link>
    </StatusCard>
  );
}

/** /cancel-two-step-recovery?token=…, the link of the mail sent when the recovery was asked for. */
export function CancelRecoveryPage() {
  const t = useT('auth');
  const home = useLocalePath()('/');
  const { state, busy, act } = useRecoveryLink();
  if (state.kind !== 'asking') return <Outcome state={state} />;
  return (
    <StatusCard state="warning" title={t('recoveryCancelTitle')}>
      <p>{t('recoveryCancelText')}</p>
      <button type="button" className="btn-danger w-full" onClick={() => void act(twoFactorRecovery.cancel, { kind: 'cancelled' })} disabled={busy}>
        {busy ? t('recoveryWorking') : t('recoveryCancelAction')}
      </button>
      <Link to={home} className="btn-secondary w-full">
        {t('recoveryCancelKeep')}
      </Link>
    </StatusCard>
  );
}

/** /finish-two-step-recovery?token=…, the link mailed when the wait is over: turn two-step verification off, or cancel. */
export function FinishRecoveryPage() {
  const t = useT('auth');
  const { state, busy, act } = useRecoveryLink();
  if (state.kind !== 'asking') return <Outcome state={state} />;
  return (
    <StatusCard state="warning" title={t('recoveryFinishTitle')}>
      <p>{t('recoveryFinishText')}</p>
      <button type="button" className="btn-danger w-full" onClick={() => void act(twoFactorRecovery.complete, { kind: 'finished' })} disabled={busy}>
        {busy ? t('recoveryWorking') : t('recoveryFinishAction')}
      </button>
      <button type="button" className="btn-secondary w-full" onClick={() => void act(twoFactorRecovery.cancel, { kind: 'cancelled' })} disabled={busy}>
        {t('recoveryFinishNotMe')}
      </button>
    </StatusCard>
  );
}
