import type { ReactNode } from 'react';
import { Navigate } from './router';
import { useAuth } from '../features/auth/auth-context';
import { Spinner } from './spinner';
import { useT } from '../i18n';

/** The signed-in guard: a spinner while auth loads, the page when logged in, otherwise / (replace). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, isLoggedIn } = useAuth();
  // The signed-in pages declare the account's texts: they are here with the page.
  const t = useT('account');
  if (loading) return <Spinner label={t('loading')} className="min-h-[60vh]" />;
  if (!isLoggedIn) return <Navigate to="/" replace />;
  return <>{children}</>;
}
