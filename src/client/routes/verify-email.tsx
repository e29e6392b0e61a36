import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../components/router';
import { TIMERS_MS } from '../../shared/constants';
import { useErrorText } from '../errors';
import { StatusCard } from '../components/status-card';
import { authApi } from '../features/auth/auth-api';
import { useLocalePath, useT } from '../i18n';

type State = { kind: 'verifying' } | { kind: 'success'; already: boolean; trialStarted: boolean } | { kind: 'error'; message: string };

/** One request per token, even when React mounts the page twice: a link works only once. */
const inFlight = new Map<string, ReturnType<typeof authApi.verifyEmail>>();

/**
 * /verify-email?token=…: verifying, then success with a 5-second countdown to /, or an error. A link of
 * an account verified already (clicked twice) is a success that says so, not a failure.
 */
export function VerifyEmailPage() {
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const t = useT('auth');
  const msg = useT('msg');
  const home = useLocalePath()('/');
  const [state, setState] = useState<State>(() => (token ? { kind: 'verifying' } : { kind: 'error', message: msg('invalidVerificationLink') }));
  const [seconds, setSeconds] = useState(TIMERS_MS.emailVerifiedRedirect / 1000);

  useEffect(() => {
    if (!token) return;
    let live = true;
    let call = inFlight.get(token);
    if (!call) {
      call = authApi.verifyEmail(token);
      inFlight.set(token, call);
    }
    call
      .then((res) => {
        // The screen's own text by the outcome (the answer's `message` is the API's English, for its other clients).
        if (live) setState({ kind: 'success', already: Boolean(res.data?.alreadyVerified), trialStarted: Boolean(res.data?.trialStarted) });
      })
      .catch((err) => live && setState({ kind: 'error', message: errorText(err, msg('emailVerificationFailed')) }));
    return () => {
      live = false;
    };
  }, [token, errorText, msg]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const started = Date.now();
    const tick = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((TIMERS_MS.emailVerifiedRedirect - (Date.now() - started)) / 1000));
      setSeconds(left);
    }, 250);
    const go = window.setTimeout(() => navigate(home, { replace: true }), TIMERS_MS.emailVerifiedRedirect);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(go);
    };
  }, [state.kind, navigate, home]);

  if (state.kind === 'verifying') return <StatusCard state="loading" title={t('linkVerifying')} />;
  if (state.kind === 'success') {
    return (
      <StatusCard state="success" title={state.already ? t('linkAlreadyVerified') : t('linkVerified')}>
        <p>{msg(state.already ? 'emailAlreadyVerified' : state.trialStarted ? 'emailVerifiedTrialStarted' : 'emailVerified')}</p>
        <p data-testid="redirect-countdown">{t('linkRedirecting', { seconds })}</p>
        <Link to={home} className="btn-primary">
          {t('linkHomeNow')}
        </Link>
      </StatusCard>
    );
  }
  return (
    <StatusCard state="error" title={t('linkVerifyFailed')}>
      <p>{state.message}</p>
      <p className="text-ink-400">{t('linkVerifyFailedHelp')}</p>
      <Link to={home} className="btn-secondary">
        {t('linkBackHome')}
      </Link>
    </StatusCard>
  );
}
