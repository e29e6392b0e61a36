import { DEFAULT_CURRENCY } from './constants';
import type { Locale } from './i18n/locales';

/**
 * How each language writes numbers and money (decision 090): rupees with Indian digit grouping in English and Hindi
 * (₹1,49,999), Spanish and French their own (1.499,50 ₹ / 1 499,50 ₹). Latin digits in Hindi, as Indian sites and
 * receipts write amounts.
 */
const NUMBER_LOCALES: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN', es: 'es-ES', fr: 'fr-FR' };

/** A number as the reader's language writes it: 1,23,456 (en, hi), 123.456 (es), 123 456 (fr). */
export const formatNumber = (n: number, locale: Locale = 'en') => new Intl.NumberFormat(NUMBER_LOCALES[locale]).format(n);

/** Integer paise as the user reads them: ₹299, ₹2,870.50 (Indian digit grouping for rupees). */
export function formatMoney(paise: number, currency: string = DEFAULT_CURRENCY, locale: Locale = 'en'): string {
  const major = paise / 100;
  return new Intl.NumberFormat(locale !== 'en' ? NUMBER_LOCALES[locale] : currency === 'INR' ? 'en-IN' : 'en-US', {
    style: 'currency',
    currency,
    // ₹ in every language (Spanish would write INR).
    ...(locale !== 'en' && { currencyDisplay: 'narrowSymbol' as const }),
    minimumFractionDigits: Number.isInteger(major) ? 0 : 2,
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
