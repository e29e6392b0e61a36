import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { InsetPageContext } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../auth/auth-context';

const ITEMS = [
  { to: '/dashboard', label: 'Dashboard', icon: 'M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-3H4zM14 7h6V4h-6z' },
  { to: '/shortcuts', label: 'Shortcuts', icon: 'M3 7h18v10H3zM7 11h.01M11 11h.01M15 11h.01M8 14h8' },
  { to: '/billing', label: 'Billing', icon: 'M3 6h18v12H3zM3 10h18M7 15h4' },
  { to: '/settings', label: 'Settings', icon: 'M12 15a3 3 0 100-6 3 3 0 000 6zM19 12l2-1-1-3-2 .3-1.2-1.2.3-2-3-1-1 2h-1.6l-1-2-3 1 .3 2L6.6 7.3 4.6 7 3.6 10l2 1v1.7l-2 1 1 3 2-.3 1.2 1.2-.3 2 3 1 1-2h1.6l1 2 3-1-.3-2 1.2-1.2 2 .3 1-3-2-1z' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-accent-500/15 text-accent-300' : 'text-ink-300 hover:bg-ink-800 hover:text-ink-100'
  }`;

/** The signed-in area: a side navigation (a scrolling tab row on small screens) beside the page. */
export function AccountLayout() {
  const { user } = useAuth();
  const initials = `${user?.firstName?.[0] ?? ''}${user?.lastName?.[0] ?? ''}`.toUpperCase();
  return (
    <div className="container-page pb-16 pt-20 lg:flex lg:gap-10 lg:pt-24">
      <aside className="mb-6 lg:mb-0 lg:w-60 lg:shrink-0">
        <div className="lg:sticky lg:top-24">
          <div className="mb-4 hidden items-center gap-3 rounded-xl border border-ink-800 bg-ink-900 p-3 lg:flex">
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent-500/20 text-sm font-semibold text-accent-300" aria-hidden="true">
              {initials || '•'}
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-ink-100">
                {user?.firstName} {user?.lastName}
              </p>
              <p className="truncate text-xs text-ink-400">{user?.email}</p>
            </div>
          </div>
          <nav aria-label="Account" className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
            <ul className="flex gap-1 border-b border-ink-800 pb-3 lg:flex-col lg:border-0 lg:pb-0">
              {ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={linkClass}>
                    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                      <path d={item.icon} />
                    </svg>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </aside>
      <main className="min-w-0 flex-1">
        <InsetPageContext.Provider value={true}>
          <Suspense fallback={<Spinner className="min-h-[40vh]" />}>
            <Outlet />
          </Suspense>
        </InsetPageContext.Provider>
      </main>
    </div>
  );
}
