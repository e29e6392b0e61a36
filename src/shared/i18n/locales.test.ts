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
