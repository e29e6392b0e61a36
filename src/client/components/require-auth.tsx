import type { ReactNode } from 'react';
import { Navigate } from './router';
import { useAuth } from '../features/auth/auth-context';
import { Spinner } from './spinner';

/** The signed-in guard: a spinner while auth loads, the page when logged in, otherwise / (replace). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, isLoggedIn } = useAuth();
  if (loading) return <Spinner label="Loading..." className="min-h-[60vh]" />;
  if (!isLoggedIn) return <Navigate to="/" replace />;
  return <>{children}</>;
}
