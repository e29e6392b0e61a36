import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../components/router';
import { TIMERS_MS } from '../../shared/constants';
import { useErrorText } from '../errors';
import { StatusCard } from '../components/status-card';
import { authApi } from '../features/auth/auth-api';
import { openAuthModal } from '../features/auth/auth-context';
import { NewPasswordForm } from '../features/auth/new-password-fields';
import { useLocalePath, useT } from '../i18n';

type State = { kind: 'ready' } | { kind: 'loading' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

/** /reset-password?token=…: ready, loading, success (then the sign-in modal on / after 3 s), error. */
export function ResetPasswordPage() {
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const t = useT('auth');
  const msg = useT('msg');
  const home = useLocalePath()('/');
  const [state, setState] = useState<State>({ kind: 'ready' });

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = window.setTimeout(() => {
      navigate(home, { replace: true });
      openAuthModal('signin');
    }, TIMERS_MS.passwordResetRedirect);
    return () => window.clearTimeout(timer);
  }, [state.kind, navigate, home]);

  if (!token) {
    return (
      <StatusCard state="error" title={t('linkInvalidReset')}>
        <p>{msg('invalidResetLink')}</p>
        <RequestNewLink />
      </StatusCard>
    );
  }
  if (state.kind === 'success') {
    return (
      <StatusCard state="success" title={t('linkResetDone')}>
        <p>{state.message}</p>
        <p className="text-ink-400">{t('linkToSignIn')}</p>
      </StatusCard>
    );
  }
  if (state.kind === 'error') {
    return (
      <StatusCard state="error" title={t('linkResetFailedTitle')}>
        <p>{state.message}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <button type="button" className="btn-secondary" onClick={() => setState({ kind: 'ready' })}>
            {t('linkTryAgain')}
          </button>
          <RequestNewLink />
        </div>
      </StatusCard>
    );
  }
  return (
    <StatusCard state="none" title={t('linkResetTitle')}>
      <p>{t('linkResetLead')}</p>
      {/* The password rules, the same words the sign-in modal's reset shows (one text: `resetLead`). */}
      <p className="text-sm text-ink-400" data-testid="password-rules">
        {t('resetLead')}
      </p>
      <div className="text-left">
        <NewPasswordForm
          idPrefix="page-reset"
          busy={state.kind === 'loading'}
          onSubmit={async ({ password, confirmPassword }) => {
            setState({ kind: 'loading' });
            try {
              await authApi.resetPassword(token, password, confirmPassword);
              setState({ kind: 'success', message: msg('resetSuccess') });
            } catch (err) {
              // A refused link gets the spec's text; anything else (a rule, the network) the server's or the default.
              const message = errorText(err, msg('resetFailed'));
              setState({ kind: 'error', message });
            }
          }}
        />
      </div>
      <p>
        <Link to={home} className="text-accent-300 hover:underline">
          {t('linkBackHome')}
        </Link>
      </p>
    </StatusCard>
  );
}

/** Back to the home page with the forgot-password form open. */
function RequestNewLink() {
  const navigate = useNavigate();
  const t = useT('auth');
  const home = useLocalePath()('/');
  return (
    <button
      type="button"
      className="btn-primary"
      onClick={() => {
        navigate(home, { replace: true });
        openAuthModal('forgot-password');
      }}
    >
      {t('linkNewLink')}
    </button>
  );
}
