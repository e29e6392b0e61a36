import { LIMITS } from '../../../shared/constants';

/** 'January 5, 2025' (long US format, the list cards). */
export const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** 'Jan 5, 2025' (short month, the post page). */
export const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The card excerpt: cut to 150 characters plus '...'. */
export const cardExcerpt = (text: string) => (text.length > LIMITS.blogExcerptChars ? `${text.slice(0, LIMITS.blogExcerptChars)}...` : text);

export const readTimeLabel = (minutes: number | null) => (minutes ? `${minutes} min read` : null);
