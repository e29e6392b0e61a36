import type { ReactNode } from 'react';
import { Navigate } from '../../components/router';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../auth/auth-context';

/** Admin routes: 'Checking admin access...' while auth loads, then the page for an admin, else /admin/login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { loading, isLoggedIn, user } = useAuth();
  if (loading) return <Spinner label="Checking admin access..." className="min-h-screen" />;
  if (!isLoggedIn || user?.role !== 'admin') return <Navigate to="/admin/login" replace />;
  return <>{children}</>;
}
