import { DEFAULT_CURRENCY } from './constants';

/** Integer paise as the user reads them: ₹299, ₹2,870.50 (Indian digit grouping for rupees). */
export function formatMoney(paise: number, currency: string = DEFAULT_CURRENCY): string {
  const major = paise / 100;
  return new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', {
    style: 'currency',
    currency,
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
