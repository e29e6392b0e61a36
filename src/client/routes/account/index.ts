/** The signed-in area: one lazily loaded chunk. */
export { AccountLayout } from '../../features/account/account-layout';
export { DashboardPage } from './dashboard';
export { ShortcutsPage } from './shortcuts';
export { DevicesPage } from './devices';
export { SettingsPage } from './settings';
