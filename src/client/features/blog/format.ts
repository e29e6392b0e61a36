import { LIMITS } from '#shared/constants';
import { longDate as longDateIn, shortDate as shortDateIn, SITE_TIME_ZONE } from '#shared/dates';
import type { Locale } from '#shared/i18n/locales';

/** 'January 5, 2025' (long US format, the list cards), in the site's zone like every public date. */
export const longDate = (iso: string, locale: Locale = 'en') => longDateIn(iso, SITE_TIME_ZONE, locale);

/** 'Jan 5, 2025' (short month, the post page), in the site's zone. */
export const shortDate = (iso: string, locale: Locale = 'en') => shortDateIn(iso, SITE_TIME_ZONE, locale);

/** The card excerpt: cut to 150 characters plus '...'. */
export const cardExcerpt = (text: string) => (text.length > LIMITS.blogExcerptChars ? `${text.slice(0, LIMITS.blogExcerptChars)}...` : text);

export const readTimeLabel = (minutes: number | null) => (minutes ? `${minutes} min read` : null);
