import { Suspense, useEffect } from 'react';
import { Outlet } from '../../components/router';
import { InsetPageContext } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../auth/auth-context';
import { onSignedInChoice, useT } from '../../i18n';
import { saveLanguage } from './save-language';
import { AccountLinkList } from './account-links';

// Phones: the five pages side by side, each an icon over its name (11 px: "Dispositivos" fits a fifth of 360 px); a row from 640 px, a side column from 1024 px.
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex flex-col items-center gap-1 rounded-lg px-0 py-2 text-center text-[0.6875rem] leading-tight font-medium sm:whitespace-nowrap transition-colors sm:flex-row sm:gap-3 sm:px-3 sm:text-sm ${
    isActive ? 'bg-accent-500/15 text-accent-300' : 'text-ink-300 hover:bg-ink-800 hover:text-ink-100'
  }`;

/** The signed-in area: a side navigation beside the page, above it on smaller screens (every page in view). */
export function AccountLayout() {
  const { user, refresh } = useAuth();
  const t = useT('account');
  // The top bar's language switcher here changes the account's preference, as Settings does; the UI follows the user.
  useEffect(() => {
    onSignedInChoice((next) => {
      if (user && next !== user.preferences?.language) void saveLanguage(user, next).then(refresh, () => undefined);
    });
    return () => onSignedInChoice(null);
  }, [user, refresh]);
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
          <nav aria-label={t('account')}>
            <AccountLinkList listClass="grid grid-cols-5 gap-1 border-b border-ink-800 pb-3 sm:flex sm:flex-wrap lg:flex-col lg:border-0 lg:pb-0" linkClass={linkClass} />
          </nav>
        </div>
      </aside>
      <main className="min-w-0 flex-1">
        <InsetPageContext.Provider value={true}>
          <Suspense fallback={<Spinner label={t('loading')} className="min-h-[40vh]" />}>
            <Outlet />
          </Suspense>
        </InsetPageContext.Provider>
      </main>
    </div>
  );
}
