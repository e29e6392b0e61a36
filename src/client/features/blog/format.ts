import { LIMITS } from '../../../shared/constants';
import { site } from '../../../shared/site';

/** 'January 5, 2025' (long US format, the list cards), in the site's time zone. */
export const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: site.timeZone });

/** 'Jan 5, 2025' (short month, the post page), in the site's time zone. */
export const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: site.timeZone });

/** The card excerpt: cut to 150 characters plus '...'. */
export const cardExcerpt = (text: string) => (text.length > LIMITS.blogExcerptChars ? `${text.slice(0, LIMITS.blogExcerptChars)}...` : text);

export const readTimeLabel = (minutes: number | null) => (minutes ? `${minutes} min read` : null);
