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
