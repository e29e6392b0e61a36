import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../components/router';
import { TIMERS_MS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { messageOf } from '../api/client';
import { StatusCard } from '../components/status-card';
import { authApi } from '../features/auth/auth-api';

type State = { kind: 'verifying' } | { kind: 'success'; message: string; already: boolean } | { kind: 'error'; message: string };

/** One request per token, even when React mounts the page twice: a link works only once. */
const inFlight = new Map<string, ReturnType<typeof authApi.verifyEmail>>();

/**
 * /verify-email?token=…: verifying, then success with a 5-second countdown to /, or an error (spec §2, §4). A link of
 * an account verified already (clicked twice) is a success that says so, not a failure.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [state, setState] = useState<State>(() => (token ? { kind: 'verifying' } : { kind: 'error', message: MSG.invalidVerificationLink }));
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
        const already = Boolean(res.data?.alreadyVerified);
        if (live) setState({ kind: 'success', already, message: res.message ?? (already ? MSG.emailAlreadyVerified : MSG.emailVerified) });
      })
      .catch((err) => live && setState({ kind: 'error', message: messageOf(err, MSG.emailVerificationFailed) }));
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const started = Date.now();
    const tick = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((TIMERS_MS.emailVerifiedRedirect - (Date.now() - started)) / 1000));
      setSeconds(left);
    }, 250);
    const go = window.setTimeout(() => navigate('/', { replace: true }), TIMERS_MS.emailVerifiedRedirect);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(go);
    };
  }, [state.kind, navigate]);

  if (state.kind === 'verifying') return <StatusCard state="loading" title="Verifying your email..." />;
  if (state.kind === 'success') {
    return (
      <StatusCard state="success" title={state.already ? 'Email already verified' : 'Email verified'}>
        <p>{state.message}</p>
        <p data-testid="redirect-countdown">
          Redirecting to the home page in {seconds} second{seconds === 1 ? '' : 's'}...
        </p>
        <Link to="/" className="btn-primary">
          Go to home page now
        </Link>
      </StatusCard>
    );
  }
  return (
    <StatusCard state="error" title="Verification failed">
      <p>{state.message}</p>
      <p className="text-ink-400">Sign in to have a new link sent, or contact support if the problem persists.</p>
      <Link to="/" className="btn-secondary">
        Back to home page
      </Link>
    </StatusCard>
  );
}
