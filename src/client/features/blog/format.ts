import { LIMITS } from '../../../shared/constants';
import { longDate as longDateIn, shortDate as shortDateIn, SITE_TIME_ZONE } from '../../../shared/dates';

/** 'January 5, 2025' (long US format, the list cards), in the site's zone like every public date. */
export const longDate = (iso: string) => longDateIn(iso, SITE_TIME_ZONE);

/** 'Jan 5, 2025' (short month, the post page), in the site's zone. */
export const shortDate = (iso: string) => shortDateIn(iso, SITE_TIME_ZONE);

/** The card excerpt: cut to 150 characters plus '...'. */
export const cardExcerpt = (text: string) => (text.length > LIMITS.blogExcerptChars ? `${text.slice(0, LIMITS.blogExcerptChars)}...` : text);

export const readTimeLabel = (minutes: number | null) => (minutes ? `${minutes} min read` : null);
