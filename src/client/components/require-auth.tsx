import type { ReactNode } from 'react';
import { Navigate } from './router';
import { useAuth } from '../features/auth/auth-context';
import { Spinner } from './spinner';
import { useLocalePath, useT } from '../i18n';

/**
 * The signed-in guard: a spinner while auth loads, the page when logged in, otherwise the home page (replace) in the
 * language the area was shown in: /hi after a Hindi account signs out or is deleted, as the way out itself goes.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, isLoggedIn } = useAuth();
  // The signed-in pages declare the account's texts: they are here with the page.
  const t = useT('account');
  const home = useLocalePath()('/');
  if (loading) return <Spinner label={t('loading')} className="min-h-[60vh]" />;
  if (!isLoggedIn) return <Navigate to={home} replace />;
  return <>{children}</>;
}
