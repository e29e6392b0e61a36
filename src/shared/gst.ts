/**
 * India's GST identifiers used by the billing form and the tax invoices (decision 083): the states and union
 * territories with their GST state codes (the first two digits of a GSTIN), and the GSTIN's format and check digit.
 */

export type IndianState = { code: string; name: string; /** A union territory without a legislature: UTGST instead of SGST. */ utgst: boolean };

/** Every state and union territory, by GST state code (CBIC's list; 25 and 26 merged into 26 in 2020, 28 is pre-2014 Andhra Pradesh). */
export const INDIAN_STATES: readonly IndianState[] = [
  { code: '35', name: 'Andaman and Nicobar Islands', utgst: true },
  { code: '37', name: 'Andhra Pradesh', utgst: false },
  { code: '12', name: 'Arunachal Pradesh', utgst: false },
  { code: '18', name: 'Assam', utgst: false },
  { code: '10', name: 'Bihar', utgst: false },
  { code: '04', name: 'Chandigarh', utgst: true },
  { code: '22', name: 'Chhattisgarh', utgst: false },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', utgst: true },
  { code: '07', name: 'Delhi', utgst: false },
  { code: '30', name: 'Goa', utgst: false },
  { code: '24', name: 'Gujarat', utgst: false },
  { code: '06', name: 'Haryana', utgst: false },
  { code: '02', name: 'Himachal Pradesh', utgst: false },
  { code: '01', name: 'Jammu and Kashmir', utgst: false },
  { code: '20', name: 'Jharkhand', utgst: false },
  { code: '29', name: 'Karnataka', utgst: false },
  { code: '32', name: 'Kerala', utgst: false },
  { code: '38', name: 'Ladakh', utgst: true },
  { code: '31', name: 'Lakshadweep', utgst: true },
  { code: '23', name: 'Madhya Pradesh', utgst: false },
  { code: '27', name: 'Maharashtra', utgst: false },
  { code: '14', name: 'Manipur', utgst: false },
  { code: '17', name: 'Meghalaya', utgst: false },
  { code: '15', name: 'Mizoram', utgst: false },
  { code: '13', name: 'Nagaland', utgst: false },
  { code: '21', name: 'Odisha', utgst: false },
  { code: '34', name: 'Puducherry', utgst: false },
  { code: '03', name: 'Punjab', utgst: false },
  { code: '08', name: 'Rajasthan', utgst: false },
  { code: '11', name: 'Sikkim', utgst: false },
  { code: '33', name: 'Tamil Nadu', utgst: false },
  { code: '36', name: 'Telangana', utgst: false },
  { code: '16', name: 'Tripura', utgst: false },
  { code: '09', name: 'Uttar Pradesh', utgst: false },
  { code: '05', name: 'Uttarakhand', utgst: false },
  { code: '19', name: 'West Bengal', utgst: false },
];

export const INDIAN_STATE_CODES: readonly string[] = INDIAN_STATES.map((s) => s.code);

export const stateByCode = (code: string | null | undefined): IndianState | null => INDIAN_STATES.find((s) => s.code === code) ?? null;

/** The one country code of India in the billing form's list (constants.ts COUNTRIES). */
export const INDIA = 'IN';

const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN's 15th character: the base-36 Luhn-style check over the first 14 (GSTN's published algorithm). */
export function gstinCheckDigit(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = BASE36.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(value / 36) + (value % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

/** A well-formed GSTIN: 15 characters (state code, PAN, entity number, Z, check digit), a known state, the right check digit. */
export function isValidGstin(value: string): boolean {
  if (!GSTIN_SHAPE.test(value)) return false;
  if (!stateByCode(value.slice(0, 2))) return false;
  return gstinCheckDigit(value.slice(0, 14)) === value[14];
}

/** GSTINs are written in capitals without spaces; what a buyer types is read that way. */
export const normaliseGstin = (value: string): string => value.replace(/\s+/g, '').toUpperCase();
