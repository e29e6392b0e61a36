import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../components/router';
import { TIMERS_MS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { messageOf } from '../api/client';
import { StatusCard } from '../components/status-card';
import { authApi } from '../features/auth/auth-api';
import { openAuthModal } from '../features/auth/auth-context';
import { NewPasswordForm } from '../features/auth/new-password-fields';

type State = { kind: 'ready' } | { kind: 'loading' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

/** /reset-password?token=…: ready, loading, success (then the sign-in modal on / after 3 s), error (spec §2, §4). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'ready' });

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = window.setTimeout(() => {
      navigate('/', { replace: true });
      openAuthModal('signin');
    }, TIMERS_MS.passwordResetRedirect);
    return () => window.clearTimeout(timer);
  }, [state.kind, navigate]);

  if (!token) {
    return (
      <StatusCard state="error" title="Invalid reset link">
        <p>{MSG.invalidResetLink}</p>
        <RequestNewLink />
      </StatusCard>
    );
  }
  if (state.kind === 'success') {
    return (
      <StatusCard state="success" title="Password reset">
        <p>{state.message}</p>
        <p className="text-ink-400">Taking you to sign in...</p>
      </StatusCard>
    );
  }
  if (state.kind === 'error') {
    return (
      <StatusCard state="error" title="Reset failed">
        <p>{state.message}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <button type="button" className="btn-secondary" onClick={() => setState({ kind: 'ready' })}>
            Try again
          </button>
          <RequestNewLink />
        </div>
      </StatusCard>
    );
  }
  return (
    <StatusCard state="none" title="Reset your password">
      <p>Choose a new password for your account. Every other session will be signed out.</p>
      <div className="text-left">
        <NewPasswordForm
          idPrefix="page-reset"
          busy={state.kind === 'loading'}
          onSubmit={async ({ password, confirmPassword }) => {
            setState({ kind: 'loading' });
            try {
              const res = await authApi.resetPassword(token, password, confirmPassword);
              setState({ kind: 'success', message: res.message ?? MSG.resetSuccess });
            } catch (err) {
              // A refused link gets the spec's text; anything else (a rule, the network) the server's or the default.
              const message = messageOf(err, MSG.resetFailed);
              setState({ kind: 'error', message });
            }
          }}
        />
      </div>
      <p>
        <Link to="/" className="text-accent-300 hover:underline">
          Back to home page
        </Link>
      </p>
    </StatusCard>
  );
}

/** Back to the home page with the forgot-password form open. */
function RequestNewLink() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn-primary"
      onClick={() => {
        navigate('/', { replace: true });
        openAuthModal('forgot-password');
      }}
    >
      Request a new link
    </button>
  );
}
