import { DEFAULT_TIMEZONE, TIMEZONES } from './constants';
import { site } from './site';
import type { Locale } from './i18n/locales';

/**
 * Every date the site shows, in one place (decision 065): the formats, the zone each is shown in, and the one
 * countdown rule. A date is always formatted in a zone named here, never in the zone of the machine that runs the
 * code: the server and the browser then write the same text, and a page the server rendered is hydrated unchanged.
 *
 * - A signed-in user's pages, receipts and mails: the zone of their preference (`userTimeZone`).
 * - Public pages (blog dates, the offer badge) and mail to the team: the site's zone (`SITE_TIME_ZONE`).
 *
 * The words are written here (English month names, US order) rather than by Intl's locale data, which differs between
 * Node's ICU and a browser's (spaces before AM/PM, commas). Intl is only asked for the calendar fields of an instant
 * in a zone with daylight saving (America/New_York, Europe/London); zones with a fixed offset need no Intl at all,
 * so a public page (site zone) does not pay for a phone's first Intl formatter while it is being hydrated.
 */

export type TimeZone = (typeof TIMEZONES)[number];
/** An instant: a Date, an ISO string as the API sends it, or milliseconds since the epoch. */
export type Instant = Date | string | number;

/** The zone of the public pages and of mail to the team. */
export const SITE_TIME_ZONE: TimeZone = site.timeZone;

const isTimeZone = (zone: unknown): zone is TimeZone => (TIMEZONES as readonly unknown[]).includes(zone);

/** The zone of a user's stored preference; the spec's default (Asia/Kolkata) when it is missing or not a listed one. */
export const userTimeZone = (preference: string | null | undefined): TimeZone => (isTimeZone(preference) ? preference : DEFAULT_TIMEZONE);

/** Zones without daylight saving, by their offset from UTC in minutes. */
const FIXED_OFFSET_MINUTES: Partial<Record<TimeZone, number>> = { 'Asia/Kolkata': 330, UTC: 0 };

type Fields = { year: number; month: number; day: number; hour: number; minute: number };

const fieldFormats = new Map<TimeZone, Intl.DateTimeFormat>();

const millis = (at: Instant) => (typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime());

/** The wall-clock fields of an instant in a zone; month 0 to 11. */
export function fieldsIn(at: Instant, zone: TimeZone): Fields {
  const ms = millis(at);
  const offset = FIXED_OFFSET_MINUTES[zone];
  if (offset !== undefined) {
    const d = new Date(ms + offset * 60_000);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
  }
  let format = fieldFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    fieldFormats.set(zone, format);
  }
  const f: Record<string, number> = {};
  for (const part of format.formatToParts(ms)) if (part.type !== 'literal') f[part.type] = Number(part.value);
  return { year: f.year, month: f.month - 1, day: f.day, hour: f.hour, minute: f.minute };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const short = (month: number) => MONTHS[month].slice(0, 3);
const clock = ({ hour, minute }: Fields) => `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;

/**
 * The words of a date in the other languages (decision 090), written here for the same reason as the English ones:
 * the server and every browser write the same text. Hindi keeps the 12-hour clock usual in India; Spanish and French
 * the 24-hour one. Day before month in all three.
 */
const WORDS: Record<Exclude<Locale, 'en'>, { months: string[]; short: string[]; long: (f: Fields, m: string) => string; clock: (f: Fields) => string; at: string }> = {
  hi: {
    months: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्तूबर', 'नवंबर', 'दिसंबर'],
    short: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्तू॰', 'नव॰', 'दिस॰'],
    long: (f, m) => `${f.day} ${m} ${f.year}`,
    clock,
    at: ',',
  },
  es: {
    months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
    short: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
    long: (f, m) => `${f.day} de ${m} de ${f.year}`,
    clock: ({ hour, minute }) => `${hour}:${String(minute).padStart(2, '0')}`,
    at: ',',
  },
  fr: {
    months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
    short: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
    long: (f, m) => `${f.day} ${m} ${f.year}`,
    clock: ({ hour, minute }) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
    at: ' à',
  },
};

/** 'November 22, 2026': the long US date (billing, dashboard, receipts, blog cards). */
export function longDate(at: Instant, zone: TimeZone, locale: Locale = 'en'): string {
  const f = fieldsIn(at, zone);
  if (locale !== 'en') return WORDS[locale].long(f, WORDS[locale].months[f.month]);
  return `${MONTHS[f.month]} ${f.day}, ${f.year}`;
}

/** '22 November 2026': the long date with the day first in English too (the terms' "last updated" line). */
export function dayMonthYear(at: Instant, zone: TimeZone, locale: Locale = 'en'): string {
  const f = fieldsIn(at, zone);
  if (locale !== 'en') return longDate(at, zone, locale);
  return `${f.day} ${MONTHS[f.month]} ${f.year}`;
}

/** 'Nov 22, 2026' (payment history, sessions, blog post page). */
export function shortDate(at: Instant, zone: TimeZone, locale: Locale = 'en'): string {
  const f = fieldsIn(at, zone);
  if (locale !== 'en') return `${f.day} ${WORDS[locale].short[f.month]} ${f.year}`;
  return `${short(f.month)} ${f.day}, ${f.year}`;
}

/** '15 Aug' (the offer badge). */
export function dayMonth(at: Instant, zone: TimeZone, locale: Locale = 'en'): string {
  const f = fieldsIn(at, zone);
  return `${f.day} ${locale === 'en' ? short(f.month) : WORDS[locale].short[f.month]}`;
}

/** 'Nov 22, 7:05 PM' (recent activity: this year's events). */
export function shortDateTime(at: Instant, zone: TimeZone, locale: Locale = 'en'): string {
  const f = fieldsIn(at, zone);
  if (locale !== 'en') return `${f.day} ${WORDS[locale].short[f.month]}${WORDS[locale].at} ${WORDS[locale].clock(f)}`;
  return `${short(f.month)} ${f.day}, ${clock(f)}`;
}

/** 'Nov 22, 2026, 7:05 PM' (admin lists). */
export function dateTime(at: Instant, zone: TimeZone, locale: Locale = 'en'): string {
  const f = fieldsIn(at, zone);
  if (locale !== 'en') return `${shortDate(at, zone, locale)}${WORDS[locale].at} ${WORDS[locale].clock(f)}`;
  return `${short(f.month)} ${f.day}, ${f.year}, ${clock(f)}`;
}

/** 'November 22, 2026 at 7:05 PM (America/New_York)': a time in a mail, which says its zone. */
export function dateTimeWithZone(at: Instant, zone: TimeZone, locale: Locale = 'en'): string {
  const f = fieldsIn(at, zone);
  if (locale !== 'en') return `${longDate(at, zone, locale)}${WORDS[locale].at} ${WORDS[locale].clock(f)} (${zone})`;
  return `${MONTHS[f.month]} ${f.day}, ${f.year} at ${clock(f)} (${zone})`;
}

// ---- calendar days (the admin overview's periods and charts) ----

/** '2026-11-22': the calendar day of an instant in a zone, as the overview's series name their days. */
export function dayKey(at: Instant, zone: TimeZone): string {
  const f = fieldsIn(at, zone);
  return `${f.year}-${pad(f.month + 1)}-${pad(f.day)}`;
}

/** The day key `days` calendar days after `key` (negative: before). */
export function addDays(key: string, days: number): string {
  const [y, m, d] = key.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The instant a calendar day (a day key) starts in a zone: its midnight, daylight saving included. */
export function startOfDay(key: string, zone: TimeZone): Date {
  const [y, m, d] = key.split('-').map(Number);
  const wanted = Date.UTC(y, m - 1, d);
  let t = wanted;
  // Move by the zone's offset until the zone's clock reads midnight of that day (twice covers a change of offset).
  for (let i = 0; i < 2; i++) {
    const f = fieldsIn(t, zone);
    t -= Date.UTC(f.year, f.month, f.day, f.hour, f.minute) - wanted;
  }
  return new Date(t);
}

// ---- the countdown rule (trial banner, offer badge) ----

export type TimeLeft = { days: number; hours: number; minutes: number; seconds: number };

/**
 * What is left until `end`, or null from `end` on. Whole seconds rounded up: the last second reads 1s, and a
 * countdown reads zero only once it has ended (then it says 'Trial ended' or 'Offer Ended' instead).
 */
export function timeLeft(now: Instant, end: Instant): TimeLeft | null {
  const ms = millis(end) - millis(now);
  if (!(ms > 0)) return null;
  const total = Math.ceil(ms / 1000);
  return { days: Math.floor(total / 86_400), hours: Math.floor((total % 86_400) / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '3d 04h 05m 06s': fixed-width parts, so a badge does not jump as it ticks. */
export const formatTimeLeft = (t: TimeLeft) => `${t.days}d ${pad(t.hours)}h ${pad(t.minutes)}m ${pad(t.seconds)}s`;

/** Days left in a paid period: rounded up, at least 0. */
export function daysRemaining(end: Instant | null, now: Instant = Date.now()): number {
  if (end === null) return 0;
  return Math.max(0, Math.ceil((millis(end) - millis(now)) / 86_400_000));
}

/**
 * India's financial year (1 April to 31 March, in India's time) of an instant, as GST documents name it: '2026-27', and
 * its short form '26-27' used in document numbers (decision 083).
 */
export function indianFinancialYear(at: Instant): { label: string; short: string } {
  const { year, month } = fieldsIn(at, 'Asia/Kolkata');
  const start = month >= 3 ? year : year - 1;
  const next = String((start + 1) % 100).padStart(2, '0');
  return { label: `${start}-${next}`, short: `${String(start % 100).padStart(2, '0')}-${next}` };
}
