/** The signed-in area: one lazily loaded chunk. */
export { DashboardPage } from './dashboard';
export { ShortcutsPage } from './shortcuts';
export { SettingsPage } from './settings';
