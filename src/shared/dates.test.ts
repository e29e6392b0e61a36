import { describe, expect, it } from 'vitest';
import { OFFER_END, TIMEZONES } from './constants';
import {
  SITE_TIME_ZONE,
  addDays,
  dateTime,
  dateTimeWithZone,
  dayKey,
  dayMonth,
  dayMonthYear,
  daysRemaining,
  fieldsIn,
  formatTimeLeft,
  longDate,
  shortDate,
  shortDateTime,
  startOfDay,
  timeLeft,
  userTimeZone,
} from './dates';

const NEAR_MIDNIGHT = '2026-11-22T19:00:00Z';

describe('dates in a zone', () => {
  it('writes an instant near midnight as the day it is in each zone', () => {
    expect(longDate(NEAR_MIDNIGHT, 'Asia/Kolkata')).toBe('November 23, 2026');
    expect(longDate(NEAR_MIDNIGHT, 'America/New_York')).toBe('November 22, 2026');
    expect(longDate(NEAR_MIDNIGHT, 'UTC')).toBe('November 22, 2026');
    expect(longDate(NEAR_MIDNIGHT, 'Europe/London')).toBe('November 22, 2026');
    expect(dayMonthYear(NEAR_MIDNIGHT, 'Asia/Kolkata')).toBe('23 November 2026');
    expect(dayMonthYear(NEAR_MIDNIGHT, 'Asia/Kolkata', 'hi')).toBe('23 नवंबर 2026');
    expect(dayMonthYear(NEAR_MIDNIGHT, 'Asia/Kolkata', 'es')).toBe('23 de noviembre de 2026');
    expect(shortDate(NEAR_MIDNIGHT, 'Asia/Kolkata')).toBe('Nov 23, 2026');
    expect(shortDate(NEAR_MIDNIGHT, 'America/New_York')).toBe('Nov 22, 2026');
    expect(shortDateTime(NEAR_MIDNIGHT, 'Asia/Kolkata')).toBe('Nov 23, 12:30 AM');
    expect(dateTime(NEAR_MIDNIGHT, 'America/New_York')).toBe('Nov 22, 2026, 2:00 PM');
    expect(dateTimeWithZone(NEAR_MIDNIGHT, 'Asia/Kolkata')).toBe('November 23, 2026 at 12:30 AM (Asia/Kolkata)');
    expect(dateTimeWithZone(NEAR_MIDNIGHT, 'Europe/London')).toBe('November 22, 2026 at 7:00 PM (Europe/London)');
  });

  it('follows daylight saving in New York and London, and writes noon and midnight as 12', () => {
    // New York: UTC-4 in summer, UTC-5 in winter; London: UTC+1 in summer.
    expect(dateTime('2026-07-01T03:30:00Z', 'America/New_York')).toBe('Jun 30, 2026, 11:30 PM');
    expect(dateTime('2026-12-01T04:30:00Z', 'America/New_York')).toBe('Nov 30, 2026, 11:30 PM');
    expect(dateTime('2026-06-30T23:30:00Z', 'Europe/London')).toBe('Jul 1, 2026, 12:30 AM');
    expect(dateTime('2026-12-31T23:30:00Z', 'Europe/London')).toBe('Dec 31, 2026, 11:30 PM');
    expect(dateTime('2026-01-01T12:00:00Z', 'UTC')).toBe('Jan 1, 2026, 12:00 PM');
    expect(dateTime('2026-01-01T00:00:00Z', 'UTC')).toBe('Jan 1, 2026, 12:00 AM');
  });

  it('reads the fixed-offset zones without Intl exactly as Intl reads them', () => {
    const intl = (at: string, timeZone: string) => {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      }).formatToParts(Date.parse(at));
      const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
      return { year: n('year'), month: n('month') - 1, day: n('day'), hour: n('hour'), minute: n('minute') };
    };
    for (const at of ['2025-01-05T18:29:59Z', '2025-01-05T18:30:00Z', '2024-02-29T23:59:59Z', '2025-12-31T18:30:00Z', '2026-03-29T01:00:00Z', NEAR_MIDNIGHT]) {
      for (const zone of TIMEZONES) expect(fieldsIn(at, zone), `${at} ${zone}`).toEqual(intl(at, zone));
    }
  });

  it('takes a Date, an ISO string or milliseconds alike', () => {
    const ms = Date.parse(NEAR_MIDNIGHT);
    expect(longDate(new Date(ms), 'America/New_York')).toBe(longDate(ms, 'America/New_York'));
    expect(longDate(NEAR_MIDNIGHT, 'America/New_York')).toBe(longDate(ms, 'America/New_York'));
  });

  it("uses the user's listed preference, else Asia/Kolkata; the public pages use the site's zone", () => {
    expect(userTimeZone('America/New_York')).toBe('America/New_York');
    expect(userTimeZone('Mars/Olympus')).toBe('Asia/Kolkata');
    expect(userTimeZone(null)).toBe('Asia/Kolkata');
    expect(SITE_TIME_ZONE).toBe('Asia/Kolkata');
    expect(dayMonth(OFFER_END, SITE_TIME_ZONE)).toBe('15 Aug');
  });
});

describe('calendar days (the admin overview)', () => {
  it('names the day of an instant in a zone and counts days across months and years', () => {
    expect(dayKey(NEAR_MIDNIGHT, 'Asia/Kolkata')).toBe('2026-11-23');
    expect(dayKey(NEAR_MIDNIGHT, 'America/New_York')).toBe('2026-11-22');
    expect(addDays('2026-11-23', -29)).toBe('2026-10-25');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it("finds a day's midnight in a zone, on the days daylight saving starts and ends too", () => {
    expect(startOfDay('2026-11-23', 'Asia/Kolkata').toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(startOfDay('2026-11-23', 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfDay('2026-10-25', 'Europe/London').toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(startOfDay('2026-10-26', 'Europe/London').toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });
});

describe('the countdown rule', () => {
  const end = Date.parse(OFFER_END);

  it('counts down to 2025-08-15 00:00 UTC in days, hours, minutes and seconds', () => {
    const left = timeLeft('2025-08-12T21:55:50Z', end);
    expect(left).toEqual({ days: 2, hours: 2, minutes: 4, seconds: 10 });
    expect(formatTimeLeft(left!)).toBe('2d 02h 04m 10s');
    expect(timeLeft('2025-01-01T00:00:00Z', '2025-01-02T03:04:05Z')).toEqual({ days: 1, hours: 3, minutes: 4, seconds: 5 });
  });

  it('shows the last second rounded up, then ends exactly at the instant', () => {
    expect(timeLeft(end - 86_400_000, end)).toEqual({ days: 1, hours: 0, minutes: 0, seconds: 0 });
    expect(timeLeft(end - 86_400_000 + 1, end)).toEqual({ days: 1, hours: 0, minutes: 0, seconds: 0 });
    expect(timeLeft(end - 86_400_000 + 1000, end)).toEqual({ days: 0, hours: 23, minutes: 59, seconds: 59 });
    expect(timeLeft(end - 1000, end)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(timeLeft(end - 1, end)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(timeLeft(end, end)).toBeNull();
    expect(timeLeft(end + 1, end)).toBeNull();
    expect(timeLeft(end, 'not a date')).toBeNull();
  });

  it('rounds the days left in a period up, never below 0', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    expect(daysRemaining('2025-01-02T12:00:00Z', now)).toBe(1);
    expect(daysRemaining('2025-01-02T12:00:01Z', now)).toBe(2);
    expect(daysRemaining('2025-01-01T12:00:01Z', now)).toBe(1);
    expect(daysRemaining('2025-01-01T12:00:00Z', now)).toBe(0);
    expect(daysRemaining('2024-12-25T00:00:00Z', now)).toBe(0);
    expect(daysRemaining(null, now)).toBe(0);
  });
});
