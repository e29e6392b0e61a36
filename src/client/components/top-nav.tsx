import { useState } from 'react';
import { Link, NavLink } from './router';
import { AccountLinkList } from '../features/account/account-links';
import { openAuthModal, useAuth } from '../features/auth/auth-context';
import { useLocalePath, useT } from '../i18n';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';

const SECTIONS = [
  { id: 'features', label: 'navFeatures' },
  { id: 'shortcuts', label: 'navShortcuts' },
  { id: 'does-this-work', label: 'navDoesThisWork' },
  { id: 'pricing', label: 'navPricing' },
] as const;

/**
 * A link of the top bar. From 1024 px the bar holds every item on one line in every language (decision 131): no
 * item wraps its text, and the padding is what the longest language (French, signed in) leaves room for.
 */
const LINK = 'rounded-md px-3 py-2 text-sm whitespace-nowrap text-ink-300 hover:text-ink-100 lg:px-2';
/** The account buttons keep to one line too, a little narrower in the bar than elsewhere (a ghost button the most). */
const BAR_BUTTON = 'whitespace-nowrap lg:px-3';
const BAR_GHOST = 'whitespace-nowrap lg:px-2';

/** The top bar: landing sections, the blog, and the account buttons. */
export function TopNav() {
  const { isLoggedIn, logout } = useAuth();
  const [open, setOpen] = useState(false);
  const t = useT('chrome');
  const lp = useLocalePath();
  const close = () => setOpen(false);
  const links = (
    <>
      {SECTIONS.map((s) => (
        <Link key={s.id} to={lp(`/#${s.id}`)} onClick={close} className={LINK}>
          {t(s.label)}
        </Link>
      ))}
      <NavLink to={lp('/blog')} onClick={close} className={LINK}>
        {t('navBlog')}
      </NavLink>
    </>
  );
  const logoutButton = (className: string) => (
    <button
      type="button"
      className={className}
      onClick={() => {
        close();
        void logout();
      }}
    >
      {t('logout')}
    </button>
  );
  const account = isLoggedIn ? (
    <>
      <Link to="/dashboard" onClick={close} className={`btn-secondary ${BAR_BUTTON}`}>
        {t('dashboard')}
      </Link>
      {logoutButton(`btn-ghost ${BAR_GHOST}`)}
    </>
  ) : (
    <>
      <button
        type="button"
        className={`btn-ghost ${BAR_GHOST}`}
        onClick={() => {
          close();
          openAuthModal('signin');
        }}
      >
        {t('login')}
      </button>
      <button
        type="button"
        className={`btn-primary ${BAR_BUTTON}`}
        onClick={() => {
          close();
          openAuthModal('signup');
        }}
      >
        {t('signup')}
      </button>
    </>
  );
  return (
    <header className="fixed inset-x-0 top-0 z-50 h-16 border-b border-ink-800 bg-ink-950/90 backdrop-blur" data-testid="top-nav">
      <nav className="container-page flex h-16 items-center justify-between gap-4" aria-label="Main">
        <Logo compact />
        <div className="hidden items-center lg:flex">{links}</div>
        <div className="hidden shrink-0 items-center gap-1 lg:flex">
          <LanguageSwitcher variant="select" />
          {account}
        </div>
        <button type="button" className="btn-ghost lg:hidden" aria-expanded={open} aria-controls="mobile-menu" onClick={() => setOpen((o) => !o)}>
          <span className="sr-only">{t('menu')}</span>
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </nav>
      {open && (
        <div id="mobile-menu" className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-ink-800 bg-ink-950 px-4 pb-4 lg:hidden">
          {isLoggedIn && (
            // Signed in, the menu leads with the account's pages: on a phone it is where they are always one tap away.
            <nav aria-labelledby="menu-account-heading" className="border-b border-ink-800 py-3">
              <p id="menu-account-heading" className="px-3 pb-2 text-xs font-medium uppercase tracking-wide text-ink-400">
                {t('yourAccount')}
              </p>
              <AccountLinkList
                listClass="grid grid-cols-2 gap-1"
                onNavigate={close}
                linkClass={({ isActive }) =>
                  `flex items-center gap-2 rounded-md px-3 py-2 text-sm ${isActive ? 'bg-accent-500/15 text-accent-300' : 'text-ink-100 hover:bg-ink-800'}`
                }
              />
            </nav>
          )}
          <div className="flex flex-col pt-2">{links}</div>
          <LanguageSwitcher className="mt-2 px-1" />
          <div className={`mt-3 grid gap-2 ${isLoggedIn ? '' : 'grid-cols-2'}`}>{isLoggedIn ? logoutButton('btn-secondary') : account}</div>
        </div>
      )}
    </header>
  );
}
