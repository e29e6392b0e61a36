import { formatDistanceToNow, type Locale as DateFnsLocale } from 'date-fns';
import type { Locale } from '#shared/i18n/locales';
import type { Translate } from '#shared/i18n/runtime';

/**
 * '5 minutes ago': date-fns picks the span (its rounding, as English has always shown it); another language writes
 * that span in its own words (the `timeAgo` text), with date-fns asking only for `formatDistance`.
 */
export function timeAgo(at: string, locale: Locale, t: Translate<'account'>): string {
  if (locale === 'en') return formatDistanceToNow(new Date(at), { addSuffix: true });
  const words = { formatDistance: (token: string, count: number) => t('timeAgo', { token, count }) } as unknown as DateFnsLocale;
  return formatDistanceToNow(new Date(at), { locale: words });
}
