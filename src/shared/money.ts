import { DEFAULT_CURRENCY } from './constants';
import type { Locale } from './i18n/locales';

/**
 * How each language writes numbers and money (decision 090): rupees with Indian digit grouping in English and Hindi
 * (₹1,49,999), Spanish and French their own (1.499,50 ₹ / 1 499,50 ₹). Latin digits in Hindi, as Indian sites and
 * receipts write amounts.
 */
const NUMBER_LOCALES: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN', es: 'es-ES', fr: 'fr-FR' };

/**
 * Number formats made once per kind and kept: making an Intl.NumberFormat costs far more than using one (about 6 ms
 * for the first of a language on a phone, a long task when the pricing section is hydrated), and the site writes a
 * handful of kinds only (four languages, a currency or two, whole or with paise).
 */
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(tag: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${tag}|${JSON.stringify(options ?? {})}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(tag, options)));
  return format;
}

/** A number as the reader's language writes it: 1,23,456 (en, hi), 123.456 (es), 123 456 (fr). */
export const formatNumber = (n: number, locale: Locale = 'en') => numberFormat(NUMBER_LOCALES[locale]).format(n);

/** Integer paise as the user reads them: ₹299, ₹2,870.50 (Indian digit grouping for rupees). */
export function formatMoney(paise: number, currency: string = DEFAULT_CURRENCY, locale: Locale = 'en'): string {
  const major = paise / 100;
  const whole = Number.isInteger(major);
  return numberFormat(locale !== 'en' ? NUMBER_LOCALES[locale] : currency === 'INR' ? 'en-IN' : 'en-US', {
    style: 'currency',
    currency,
    // ₹ in every language (Spanish would write INR).
    ...(locale !== 'en' && { currencyDisplay: 'narrowSymbol' as const }),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(major);
}

/**
 * What a person typed as an amount in rupees ("149.50", "₹1,499", "1499.5") as integer paise; null when it is not
 * an amount: empty, negative, more than two decimals, letters, or grouping commas in odd places. The one way the
 * site reads money typed by hand (the admin's refund amount).
 */
export function parseMoney(input: string): number | null {
  const text = input.trim().replace(/^₹\s*/, '');
  if (!/^(?:\d{1,3}(?:,\d{2,3})*|\d+)(?:\.\d{1,2})?$/.test(text)) return null;
  const [whole = '', fraction = ''] = text.replace(/,/g, '').split('.');
  if (whole.length > 12) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
