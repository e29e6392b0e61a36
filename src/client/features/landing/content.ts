import type { TextKey } from '#shared/i18n/runtime';
import type { IconName } from './icons';

/**
 * The landing page's copy, by its keys in the `landing` catalog (shared/i18n/catalogs/landing). Names and figures
 * are the spec's (§2 Landing page); the sentences are ours.
 */
type Key = TextKey<'landing'>;

export const FEATURES: { title: Key; icon: IconName; body: Key }[] = [
  { title: 'featInvisibleTitle', icon: 'eyeOff', body: 'featInvisibleBody' },
  { title: 'featAiTitle', icon: 'sparkles', body: 'featAiBody' },
  { title: 'featKeysTitle', icon: 'keyboard', body: 'featKeysBody' },
  { title: 'featPrivacyTitle', icon: 'shield', body: 'featPrivacyBody' },
  { title: 'featSwitchTitle', icon: 'zap', body: 'featSwitchBody' },
  { title: 'featTeamTitle', icon: 'users', body: 'featTeamBody' },
];

export const STATS: { value: string; label: Key; detail: Key }[] = [
  { value: '30s', label: 'statSetup', detail: 'statSetupDetail' },
  { value: '100%', label: 'statPrivate', detail: 'statPrivateDetail' },
  { value: '24/7', label: 'statSupport', detail: 'statSupportDetail' },
];

export type PlatformStatus = 'Undetectable' | 'Conditional';

export const PLATFORMS: { name: string; subtitle: Key; status: PlatformStatus }[] = [
  { name: 'Zoom', subtitle: 'platZoom', status: 'Undetectable' },
  { name: 'Microsoft Teams', subtitle: 'platTeams', status: 'Undetectable' },
  { name: 'Google Meet', subtitle: 'platMeet', status: 'Undetectable' },
  { name: 'TeamViewer', subtitle: 'platTeamViewer', status: 'Undetectable' },
  { name: 'AnyDesk', subtitle: 'platAnyDesk', status: 'Undetectable' },
  { name: 'Hackerrank', subtitle: 'platHackerrank', status: 'Conditional' },
];

export const STEPS: { title: Key; body: Key }[] = [
  { title: 'stepDownloadTitle', body: 'stepDownloadBody' },
  { title: 'stepSignInTitle', body: 'stepSignInBody' },
  { title: 'stepToolsTitle', body: 'stepToolsBody' },
  { title: 'stepShareTitle', body: 'stepShareBody' },
];
