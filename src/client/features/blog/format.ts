import { LIMITS } from '../../../shared/constants';
import { site } from '../../../shared/site';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * The calendar day of `iso` at the site's offset. Written out rather than with Intl.DateTimeFormat: a phone's first
 * Intl formatter loads the locale and zone tables, a long pause just when the page is being adopted.
 */
function day(iso: string) {
  const d = new Date(Date.parse(iso) + site.dateUtcOffsetMinutes * 60_000);
  return { year: d.getUTCFullYear(), month: MONTHS[d.getUTCMonth()], date: d.getUTCDate() };
}

/** 'January 5, 2025' (long US format, the list cards). */
export const longDate = (iso: string) => {
  const { year, month, date } = day(iso);
  return `${month} ${date}, ${year}`;
};

/** 'Jan 5, 2025' (short month, the post page). */
export const shortDate = (iso: string) => {
  const { year, month, date } = day(iso);
  return `${month.slice(0, 3)} ${date}, ${year}`;
};

/** The card excerpt: cut to 150 characters plus '...'. */
export const cardExcerpt = (text: string) => (text.length > LIMITS.blogExcerptChars ? `${text.slice(0, LIMITS.blogExcerptChars)}...` : text);

export const readTimeLabel = (minutes: number | null) => (minutes ? `${minutes} min read` : null);
