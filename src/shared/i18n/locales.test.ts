import { describe, expect, it } from 'vitest';
import { localeFromCookie, localizedPath, negotiateLocale, splitLocale } from './locales';

describe('languages in addresses and requests (decision 090)', () => {
  it('reads the language of an address and writes an address in a language', () => {
    expect(splitLocale('/hi/blog/a')).toEqual({ locale: 'hi', path: '/blog/a' });
    expect(splitLocale('/fr')).toEqual({ locale: 'fr', path: '/' });
    expect(splitLocale('/en/blog')).toEqual({ locale: 'en', path: '/en/blog' });
    expect(splitLocale('/history')).toEqual({ locale: 'en', path: '/history' });
    expect(splitLocale('/de/blog')).toEqual({ locale: 'en', path: '/de/blog' });
    expect(localizedPath('hi', '/')).toBe('/hi');
    expect(localizedPath('es', '/blog?page=2')).toBe('/es/blog?page=2');
    expect(localizedPath('fr', '/#pricing')).toBe('/fr#pricing');
    expect(localizedPath('en', '/blog')).toBe('/blog');
  });

  it('takes the first of our languages a browser asks for, by quality, and none from a crawler or nonsense', () => {
    expect(negotiateLocale('hi-IN,hi;q=0.9,en-US;q=0.8')).toBe('hi');
    expect(negotiateLocale('de-DE,fr;q=0.7,es;q=0.8')).toBe('es');
    expect(negotiateLocale('en-GB,en;q=0.9,hi;q=0.8')).toBe('en');
    expect(negotiateLocale('hi;q=0,fr')).toBe('fr');
    expect(negotiateLocale(undefined)).toBeNull();
    expect(negotiateLocale('de, ja')).toBeNull();
    expect(negotiateLocale(';;;,,q=abc,' + 'x'.repeat(10_000))).toBeNull();
  });

  it('reads only a language of ours from the cookie', () => {
    expect(localeFromCookie('a=1; lang=es; b=2')).toBe('es');
    expect(localeFromCookie('lang=de')).toBeNull();
    expect(localeFromCookie('xlang=hi')).toBeNull();
    expect(localeFromCookie('lang=hi<script>')).toBeNull();
    expect(localeFromCookie(undefined)).toBeNull();
  });
});

describe('dates, numbers and money in each language (decision 090)', async () => {
  const { dateTime, dayMonth, longDate, shortDate } = await import('../dates');
  const { formatMoney, formatNumber } = await import('../money');
  const at = '2026-11-22T13:35:00Z';

  it('writes a date in each language, the English ones unchanged', () => {
    expect([longDate(at, 'Asia/Kolkata'), shortDate(at, 'Asia/Kolkata'), dateTime(at, 'Asia/Kolkata')]).toEqual(['November 22, 2026', 'Nov 22, 2026', 'Nov 22, 2026, 7:05 PM']);
    expect(longDate(at, 'Asia/Kolkata', 'hi')).toBe('22 नवंबर 2026');
    expect(longDate(at, 'Asia/Kolkata', 'es')).toBe('22 de noviembre de 2026');
    expect(dateTime(at, 'Asia/Kolkata', 'fr')).toBe('22 nov. 2026 à 19:05');
    expect(dayMonth('2025-08-15T00:00:00Z', 'UTC', 'fr')).toBe('15 août');
  });

  it('writes rupees with Indian digit grouping in English and Hindi, and in the usual way in Spanish and French', () => {
    expect(formatMoney(14_999_900)).toBe('₹1,49,999');
    expect(formatMoney(14_999_900, 'INR', 'hi')).toBe('₹1,49,999');
    expect(formatMoney(287_050, 'INR', 'hi')).toBe('₹2,870.50');
    expect(formatMoney(14_999_950, 'INR', 'es').replace(/\s/g, ' ')).toBe('149.999,50 ₹');
    expect(formatMoney(14_999_950, 'INR', 'fr').replace(/\s/g, ' ')).toBe('149 999,50 ₹');
    expect(formatNumber(1_234_567, 'hi')).toBe('12,34,567');
  });
});
