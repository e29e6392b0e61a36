import type { ActiveSession } from '#shared/schemas/account';
import type { Translate } from '#shared/i18n/runtime';

/** 'Chrome on Windows'; a part the server could not name is left out rather than shown as 'Unknown'. */
export function deviceName({ browser, os }: Pick<ActiveSession, 'browser' | 'os'>, t: Translate<'account'>): string {
  const named = browser === 'Unknown' ? t('unknownBrowser') : browser;
  return os === 'Unknown' ? named : t('browserOnOs', { browser: named, os });
}
