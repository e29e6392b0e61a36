import { LIMITS } from '../../../shared/constants';
import { site } from '../../../shared/site';

// One formatter each, made on first use: making one (the time zone's rules included) costs far more than using it.
let long: Intl.DateTimeFormat | undefined;
let short: Intl.DateTimeFormat | undefined;

/** 'January 5, 2025' (long US format, the list cards), in the site's time zone. */
export const longDate = (iso: string) => (long ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: site.timeZone })).format(new Date(iso));

/** 'Jan 5, 2025' (short month, the post page), in the site's time zone. */
export const shortDate = (iso: string) => (short ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: site.timeZone })).format(new Date(iso));

/** The card excerpt: cut to 150 characters plus '...'. */
export const cardExcerpt = (text: string) => (text.length > LIMITS.blogExcerptChars ? `${text.slice(0, LIMITS.blogExcerptChars)}...` : text);

export const readTimeLabel = (minutes: number | null) => (minutes ? `${minutes} min read` : null);
