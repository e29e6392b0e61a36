import { NavLink } from '../../components/router';
import { useT } from '../../i18n';
import type { TextKey } from '#shared/i18n/runtime';

/**
 * The pages of the signed-in area, in the order the account navigation and the phone menu list them; named by the
 * chrome's texts, which every page has (the phone menu shows them on public pages too).
 */
const ACCOUNT_LINKS = [
  { to: '/dashboard', label: 'dashboard', icon: 'M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-3H4zM14 7h6V4h-6z' },
  { to: '/shortcuts', label: 'navShortcuts', icon: 'M3 7h18v10H3zM7 11h.01M11 11h.01M15 11h.01M8 14h8' },
  { to: '/devices', label: 'devices', icon: 'M4 4h16v12H4zM2 20h20M9 16l-1 4M15 16l1 4' },
  { to: '/billing', label: 'billing', icon: 'M3 6h18v12H3zM3 10h18M7 15h4' },
  {
    to: '/settings',
    label: 'settings',
    icon: 'M12 15a3 3 0 100-6 3 3 0 000 6zM19 12l2-1-1-3-2 .3-1.2-1.2.3-2-3-1-1 2h-1.6l-1-2-3 1 .3 2L6.6 7.3 4.6 7 3.6 10l2 1v1.7l-2 1 1 3 2-.3 1.2 1.2-.3 2 3 1 1-2h1.6l1 2 3-1-.3-2 1.2-1.2 2 .3 1-3-2-1z',
  },
] as const satisfies readonly { to: string; label: TextKey<'chrome'>; icon: string }[];

function AccountLinkIcon({ path }: { path: string }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="shrink-0"
    >
      <path d={path} />
    </svg>
  );
}

/** The account's pages as a list of links, each an icon and its name: the account strip and the phone menu. */
export function AccountLinkList({ listClass, linkClass, onNavigate }: { listClass: string; linkClass: (state: { isActive: boolean }) => string; onNavigate?: () => void }) {
  const t = useT('chrome');
  return (
    <ul className={listClass}>
      {ACCOUNT_LINKS.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} onClick={onNavigate} className={linkClass}>
            <AccountLinkIcon path={item.icon} />
            {t(item.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
