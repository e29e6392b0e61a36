import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TIMERS_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { messageOf } from '../../api/client';
import { useToast } from '../../components/toast';
import { useAuth } from './auth-context';
import type { AuthMode } from './auth-modal-host';

/** The auth modal. Sign-in works; sign-up, forgot and reset password are completed by the accounts area. */
export function AuthModal({ mode, onModeChange, onClose }: { mode: AuthMode; onModeChange: (m: AuthMode) => void; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { login } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await login(email, password);
      toast.success(MSG.loginSuccess);
      window.setTimeout(() => {
        onClose();
        navigate('/dashboard');
      }, TIMERS_MS.closeAfterLogin);
    } catch (err) {
      setError(messageOf(err, MSG.loginFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="auth-title" className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-ink-700 bg-ink-900 p-0 text-ink-100 backdrop:bg-black/70">
      <div className="p-6">
        <div className="mb-6 flex items-center justify-between">
          <h2 id="auth-title" className="text-xl font-semibold">
            {mode === 'signup' ? 'Create your account' : 'Welcome back'}
          </h2>
          <button type="button" className="btn-ghost px-2" aria-label="Close" onClick={() => ref.current?.close()}>
            ×
          </button>
        </div>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <div>
            <label className="label" htmlFor="auth-email">Email</label>
            <input id="auth-email" className="input" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <div>
            <label className="label" htmlFor="auth-password">Password</label>
            <input id="auth-password" className="input" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </div>
          {error && <p role="alert" className="field-error">{error}</p>}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign In'}
          </button>
        </form>
        {mode !== 'signup' && (
          <p className="mt-4 text-center text-sm text-ink-400">
            No account yet?{' '}
            <button type="button" className="text-accent-300 hover:underline" onClick={() => onModeChange('signup')}>
              Sign up
            </button>
          </p>
        )}
      </div>
    </dialog>
  );
}
