import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from '../../components/router';
import { z } from 'zod';
import { TIMERS_MS } from '#shared/constants';
import { MSG } from '#shared/messages';
import { email } from '#shared/schemas/fields';
import { messageOf } from '../../api/client';
import { Logo } from '../../components/logo';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { useAdminSignOut } from '../../features/admin/use-admin-sign-out';
import { useAuth } from '../../features/auth/auth-context';
import { SecondFactorStep, type PendingSecondStep } from '../../features/auth/second-factor-step';
import type { LoginResult } from '#shared/api';

const schema = z.object({ email, password: z.string().min(1, MSG.passwordRequired) });
type Values = z.infer<typeof schema>;

/** /admin/login: the shared sign-in, then the role check; a non-admin is signed out again. */
export function AdminLoginPage() {
  const { loading, isLoggedIn, user, login } = useAuth();
  const signOut = useAdminSignOut();
  const toast = useToast();
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  // The second step's challenge (decision 192), once the password was right on an account with two-step verification.
  const [challenge, setChallenge] = useState<PendingSecondStep | null>(null);
  // From the first click on, this page decides where to go (after the 1 s of 'Login successful!'), not the session state.
  const [attempting, setAttempting] = useState(false);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = formState;

  if (loading) return <Spinner label={MSG.checkingAdminAccess} className="min-h-screen" />;
  if (!attempting && isLoggedIn && user?.role === 'admin') return <Navigate to="/admin/dashboard" replace />;

  const signedInAs = async (result: LoginResult) => {
    if (result.user.role !== 'admin') {
      await signOut({ quiet: true });
      toast.error(MSG.accessDenied);
      setAttempting(false);
      setChallenge(null);
      return;
    }
    setSignedIn(true);
    toast.success(MSG.adminLoginSuccess);
    redirect.current = window.setTimeout(() => navigate('/admin/dashboard', { replace: true }), TIMERS_MS.adminRedirect);
  };

  const onSubmit = handleSubmit(async ({ email: address, password }) => {
    setAttempting(true);
    try {
      const reply = await login(address, password);
      if ('secondFactor' in reply) setChallenge(reply.secondFactor);
      else await signedInAs(reply);
    } catch (err) {
      toast.error(messageOf(err, MSG.adminLoginFailed));
      setAttempting(false);
    }
  });

  const busy = isSubmitting || signedIn;
  return (
    <main className="flex min-h-screen items-center justify-center bg-ink-950 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <Logo />
        </div>
        <div className="card p-8">
          <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-accent-500/15 text-accent-300" aria-hidden="true">
            <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <rect x="4" y="11" width="16" height="10" rx="2" />
              <path d="M8 11V7a4 4 0 0 1 8 0v4" />
            </svg>
          </div>
          <h1 className="text-center text-2xl font-bold tracking-tight text-ink-100">Admin Login</h1>
          <p className="mt-2 text-center text-sm text-ink-400">Sign in to the back office: blog, customers, billing and messages.</p>
          {challenge ? (
            <div className="mt-8">
              <SecondFactorStep
                step={challenge}
                onSignedIn={(result) => void signedInAs(result)}
                onBack={() => {
                  setChallenge(null);
                  setAttempting(false);
                }}
              />
            </div>
          ) : (
            <form className="mt-8 space-y-5" noValidate onSubmit={(e) => void onSubmit(e)}>
              <div>
                <label className="label" htmlFor="admin-email">
                  Email
                </label>
                <input id="admin-email" className="input" type="email" autoComplete="username" aria-invalid={Boolean(errors.email)} {...register('email')} />
                {errors.email && <p className="field-error">{errors.email.message}</p>}
              </div>
              <div>
                <label className="label" htmlFor="admin-password">
                  Password
                </label>
                <div className="relative">
                  <input
                    id="admin-password"
                    className="input pr-20"
                    type={showPassword ? 'text' : 'password'}
                    autoComplete="current-password"
                    aria-invalid={Boolean(errors.password)}
                    {...register('password')}
                  />
                  <button
                    type="button"
                    className="absolute inset-y-0 right-0 flex items-center px-3 text-xs font-semibold text-ink-400 hover:text-ink-100"
                    aria-label={showPassword ? 'Hide password' : 'Show password'}
                    aria-pressed={showPassword}
                    onClick={() => setShowPassword((s) => !s)}
                  >
                    {showPassword ? 'Hide' : 'Show'}
                  </button>
                </div>
                {errors.password && <p className="field-error">{errors.password.message}</p>}
              </div>
              <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
                {busy ? 'Signing In...' : 'Sign In'}
              </button>
            </form>
          )}
          <p className="mt-6 rounded-lg border border-ink-700 bg-ink-850 px-4 py-3 text-center text-xs text-ink-400">{MSG.adminOnlyNote}</p>
        </div>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-ink-400 hover:text-ink-100">
            ← Back to site
          </Link>
        </p>
      </div>
    </main>
  );
}
