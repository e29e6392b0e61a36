import type { ReactNode } from 'react';
import { NavLink, useNavigate } from '../../components/router';
import { Logo } from '../../components/logo';
import { useAuth } from '../auth/auth-context';
import { useAdminSignOut } from './use-admin-sign-out';

const LINKS = [
  { to: '/admin/overview', label: 'Overview' },
  { to: '/admin/dashboard', label: 'Blog Management' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/customers', label: 'Customers' },
  { to: '/admin/releases', label: 'Releases' },
  { to: '/admin/audit-log', label: 'Audit log' },
];

/** The admin area's frame: its own header (the site's top bar and footer are hidden under /admin). */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const signOut = useAdminSignOut();
  const navigate = useNavigate();
  const logout = async () => {
    if (await signOut()) navigate('/admin/login', { replace: true });
  };
  return (
    <div className="min-h-screen bg-ink-950">
      <header className="sticky top-0 z-40 border-b border-ink-800 bg-ink-950/90 backdrop-blur" data-testid="admin-header">
        <div className="container-page flex h-16 items-center justify-between gap-4">
          <div className="flex min-w-0 items-center gap-3">
            <Logo />
            <span className="hidden rounded-full border border-accent-500/40 bg-accent-500/10 px-2 py-0.5 text-xs font-semibold text-accent-300 sm:inline">Admin</span>
          </div>
          <div className="flex items-center gap-2">
            <span className="hidden max-w-[16rem] truncate text-sm text-ink-400 lg:inline">{user?.email}</span>
            <button type="button" className="btn-ghost" onClick={() => void logout()}>
              Logout
            </button>
          </div>
        </div>
        {/* Every section in sight at every width: on a phone the links wrap onto a second line rather than scroll out of view. */}
        <nav className="container-page flex flex-wrap gap-1 pb-2" aria-label="Admin">
          {LINKS.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              className={({ isActive }) => `whitespace-nowrap rounded-md px-3 py-1.5 text-sm ${isActive ? 'bg-ink-800 text-ink-100' : 'text-ink-400 hover:text-ink-100'}`}
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main className="container-page py-8 sm:py-10">{children}</main>
    </div>
  );
}
