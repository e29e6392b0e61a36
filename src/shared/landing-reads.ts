import { subscriptions } from './endpoints/billing';
import { downloads, releasesPublic } from './endpoints/site';
import type { Locale } from './i18n/locales';

/**
 * The two answers the landing page reads (the installer and video, the public plans): the server fetches them to
 * render the page and hands them over under these keys, and the page's hooks read them under the same keys.
 */
export const LANDING_READS = {
  downloads: { key: 'downloads-config', path: downloads.config.path },
  plans: { key: 'plans-public', path: subscriptions.publicPlans.path },
} as const;

/**
 * The public plans' read in a language (decision 096): English as above; another language asks for the plans' texts in
 * it and keeps them under a key of its own, so a page that changes language never shows the other language's answer.
 */
export const publicPlansRead = (locale: Locale): { key: string; path: string } =>
  locale === 'en' ? LANDING_READS.plans : { key: `${LANDING_READS.plans.key}-${locale}`, path: `${LANDING_READS.plans.path}?lang=${locale}` };

/** The changelog page's read (/changelog): the server renders the page with it, the page's hook reads it by this key. */
export const CHANGELOG_READ = { key: 'changelog', path: releasesPublic.changelog.path } as const;
