import { COUNTRIES } from '#shared/constants';
import { INDIA, INDIAN_STATES } from '#shared/gst';
import type { BillingForm } from '#shared/schemas/billing';
import type { TextKey } from '#shared/i18n/runtime';
import { useLocale, useT } from '../../i18n';

type Props = {
  values: BillingForm;
  onChange: (patch: Partial<BillingForm>) => void;
  locked: { name: boolean; email: boolean };
  invalid: Set<keyof BillingForm>;
};

/** The countries of the billing form by their names in the catalog (COUNTRIES holds the English names). */
export const COUNTRY_NAME: Record<string, TextKey<'billing'>> = {
  US: 'countryUS',
  CA: 'countryCA',
  UK: 'countryUK',
  AU: 'countryAU',
  DE: 'countryDE',
  FR: 'countryFR',
  IN: 'countryIN',
  SG: 'countrySG',
  JP: 'countryJP',
  BR: 'countryBR',
};

/** The states and union territories of the GST list by their names in the catalog (INDIAN_STATES holds the English). */
const STATE_NAME: Record<string, TextKey<'billing'>> = {
  '35': 'state35',
  '37': 'state37',
  '12': 'state12',
  '18': 'state18',
  '10': 'state10',
  '04': 'state04',
  '22': 'state22',
  '26': 'state26',
  '07': 'state07',
  '30': 'state30',
  '24': 'state24',
  '06': 'state06',
  '02': 'state02',
  '01': 'state01',
  '20': 'state20',
  '29': 'state29',
  '32': 'state32',
  '38': 'state38',
  '31': 'state31',
  '23': 'state23',
  '27': 'state27',
  '14': 'state14',
  '17': 'state17',
  '15': 'state15',
  '13': 'state13',
  '21': 'state21',
  '34': 'state34',
  '03': 'state03',
  '08': 'state08',
  '11': 'state11',
  '33': 'state33',
  '36': 'state36',
  '16': 'state16',
  '09': 'state09',
  '05': 'state05',
  '19': 'state19',
};

/** Each field's label (the English as names them; the checkout's message lists the missing ones by it). */
export const FIELD_LABEL: Record<keyof BillingForm, TextKey<'billing'>> = {
  firstName: 'fieldFirstName',
  lastName: 'fieldLastName',
  email: 'fieldEmail',
  company: 'fieldCompany',
  country: 'fieldCountry',
  address: 'fieldAddress',
  city: 'fieldCity',
  zipCode: 'fieldZipCode',
  state: 'fieldState',
  gstin: 'fieldGstin',
};

const FIELDS: { key: keyof BillingForm; autoComplete: string; required: boolean; span?: boolean }[] = [
  { key: 'firstName', autoComplete: 'given-name', required: true },
  { key: 'lastName', autoComplete: 'family-name', required: true },
  { key: 'email', autoComplete: 'email', required: true, span: true },
  { key: 'company', autoComplete: 'organization', required: false, span: true },
  { key: 'address', autoComplete: 'street-address', required: true, span: true },
  { key: 'city', autoComplete: 'address-level2', required: true },
  { key: 'zipCode', autoComplete: 'postal-code', required: true },
];

function LockIcon() {
  return (
    <svg
      className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-ink-400"
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

/** Step 1 of checkout: the billing form of, name and e-mail locked when the account already has them. */
export function BillingFormFields({ values, onChange, locked, invalid }: Props) {
  const t = useT('billing');
  const locale = useLocale();
  // In another language the states are named in it and listed in its alphabetical order; English keeps the GST list's.
  const states = locale === 'en' ? INDIAN_STATES : INDIAN_STATES.map((s) => ({ code: s.code, name: t(STATE_NAME[s.code]) })).sort((a, b) => a.name.localeCompare(b.name, locale));
  const isLocked = (key: keyof BillingForm) => (key === 'email' ? locked.email : key === 'firstName' || key === 'lastName' ? locked.name : false);
  const field = (f: (typeof FIELDS)[number]) => (
    <div key={f.key} className={f.span ? 'sm:col-span-2' : ''}>
      <label className="label" htmlFor={`billing-${f.key}`}>
        {t(FIELD_LABEL[f.key])}
        {f.required && <span className="text-red-400"> *</span>}
      </label>
      <div className="relative">
        <input
          id={`billing-${f.key}`}
          name={f.key}
          className={`input ${isLocked(f.key) ? 'pr-9' : ''} ${invalid.has(f.key) ? 'border-red-500' : ''}`}
          type={f.key === 'email' ? 'email' : 'text'}
          autoComplete={f.autoComplete}
          value={values[f.key] ?? ''}
          readOnly={isLocked(f.key)}
          aria-describedby={isLocked(f.key) ? `billing-${f.key}-locked` : undefined}
          aria-invalid={invalid.has(f.key) || undefined}
          onChange={(e) => onChange({ [f.key]: e.target.value })}
        />
        {isLocked(f.key) && <LockIcon />}
      </div>
      {isLocked(f.key) && (
        <p id={`billing-${f.key}-locked`} className="mt-1 text-xs text-ink-400">
          {t('fromAccount')}
        </p>
      )}
    </div>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {FIELDS.slice(0, 4).map(field)}
      <div className="sm:col-span-2">
        <label className="label" htmlFor="billing-country">
          {t('fieldCountry')}
          <span className="text-red-400"> *</span>
        </label>
        <select
          id="billing-country"
          name="country"
          className={`input ${invalid.has('country') ? 'border-red-500' : ''}`}
          value={values.country}
          aria-invalid={invalid.has('country') || undefined}
          onChange={(e) => onChange({ country: e.target.value, ...(e.target.value === INDIA ? {} : { state: '', gstin: '' }) })}
        >
          <option value="">{t('selectCountry')}</option>
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {t(COUNTRY_NAME[c.code])}
            </option>
          ))}
        </select>
      </div>
      {values.country === INDIA && (
        <>
          <div>
            <label className="label" htmlFor="billing-state">
              {t('fieldState')}
              <span className="text-red-400"> *</span>
            </label>
            <select
              id="billing-state"
              name="state"
              className={`input ${invalid.has('state') ? 'border-red-500' : ''}`}
              value={values.state ?? ''}
              aria-invalid={invalid.has('state') || undefined}
              onChange={(e) => onChange({ state: e.target.value })}
            >
              <option value="">{t('selectState')}</option>
              {states.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className="label" htmlFor="billing-gstin">
              {t('fieldGstin')}
            </label>
            <input
              id="billing-gstin"
              name="gstin"
              className={`input uppercase ${invalid.has('gstin') ? 'border-red-500' : ''}`}
              value={values.gstin ?? ''}
              maxLength={15}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={invalid.has('gstin') || undefined}
              onChange={(e) => onChange({ gstin: e.target.value })}
            />
          </div>
        </>
      )}
      {FIELDS.slice(4).map(field)}
    </div>
  );
}
