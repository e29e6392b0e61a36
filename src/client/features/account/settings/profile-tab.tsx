import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { COUNTRIES, LANGUAGES, TIMEZONES } from '#shared/constants';
import { profileSchema } from '#shared/schemas/account';
import { useErrorText } from '#client/errors';
import { useAuth } from '../../auth/auth-context';
import { authApi } from '../../auth/auth-api';
import { describedBy, Field } from '../../auth/field';
import { FlashMessage } from './flash-message';
import { useFlash } from './use-flash';
import { profileDefaults } from '../save-language';
import { useLocale, useT } from '#client/i18n';
import { LOCALE_NAMES } from '#shared/i18n/locales';

type Input = z.input<typeof profileSchema>;

/** Profile (and, with `only="preferences"`, the Preferences body): every field of the User entity. */
export function ProfileTab({ only }: { only?: 'preferences' }) {
  const errorText = useErrorText();
  const msg = useT('msg');
  const { user, refresh } = useAuth();
  const t = useT('account');
  const locale = useLocale();
  const [flash, show] = useFlash();
  const { register, handleSubmit, formState } = useForm<Input, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    defaultValues: user ? profileDefaults(user) : undefined,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      await authApi.updateProfile(values);
      show('success', { msg: 'profileUpdated' });
      await refresh();
    } catch (err) {
      show('error', errorText(err, msg('profileFailed')));
    }
  });

  const preferences = (
    <fieldset className="space-y-4">
      <legend className="mb-2 text-base font-semibold text-ink-100">{t('tabPreferences')}</legend>
      <label className="flex items-center gap-3 text-sm text-ink-200">
        <input type="checkbox" className="h-4 w-4 accent-accent-500" {...register('preferences.emailNotifications')} />
        {t('emailNotifications')}
      </label>
      <label className="flex items-center gap-3 text-sm text-ink-200">
        <input type="checkbox" className="h-4 w-4 accent-accent-500" {...register('preferences.smsNotifications')} />
        {t('smsNotifications')}
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="pref-timezone" label={t('timezone')}>
          <select id="pref-timezone" className="input" {...register('preferences.timezone')}>
            {TIMEZONES.map((tz) => (
              <option key={tz} value={tz}>
                {tz}
              </option>
            ))}
          </select>
        </Field>
        <Field id="pref-language" label={t('language')}>
          <select id="pref-language" className="input" {...register('preferences.language')}>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {/* In English as the spec lists them; in another language each named in itself, so it is found whatever the page speaks. */}
                {locale === 'en' ? l.name : LOCALE_NAMES[l.code]}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </fieldset>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-8" aria-label={only === 'preferences' ? t('tabPreferences') : t('tabProfile')}>
      {only !== 'preferences' && (
        <>
          <fieldset className="space-y-4">
            <legend className="mb-2 text-base font-semibold text-ink-100">{t('personalInfo')}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="profile-first" label={t('firstName')} error={errors.firstName?.message}>
                <input id="profile-first" className="input" autoComplete="given-name" {...describedBy('profile-first', errors.firstName?.message)} {...register('firstName')} />
              </Field>
              <Field id="profile-last" label={t('lastName')} error={errors.lastName?.message}>
                <input id="profile-last" className="input" autoComplete="family-name" {...describedBy('profile-last', errors.lastName?.message)} {...register('lastName')} />
              </Field>
              <Field id="profile-email" label={t('email')}>
                <input id="profile-email" className="input" value={user?.email ?? ''} disabled readOnly />
              </Field>
              <Field id="profile-phone" label={t('phone')} error={errors.phone?.message}>
                <input id="profile-phone" className="input" type="tel" autoComplete="tel" {...describedBy('profile-phone', errors.phone?.message)} {...register('phone')} />
              </Field>
              <Field id="profile-company" label={t('company')} error={errors.company?.message}>
                <input id="profile-company" className="input" autoComplete="organization" {...register('company')} />
              </Field>
              <Field id="profile-designation" label={t('designation')} error={errors.designation?.message}>
                <input id="profile-designation" className="input" autoComplete="organization-title" {...register('designation')} />
              </Field>
            </div>
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="mb-2 text-base font-semibold text-ink-100">{t('address')}</legend>
            <Field id="address-street" label={t('street')} error={errors.address?.street?.message}>
              <input id="address-street" className="input" autoComplete="street-address" {...register('address.street')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="address-city" label={t('city')} error={errors.address?.city?.message}>
                <input id="address-city" className="input" autoComplete="address-level2" {...register('address.city')} />
              </Field>
              <Field id="address-state" label={t('state')} error={errors.address?.state?.message}>
                <input id="address-state" className="input" autoComplete="address-level1" {...register('address.state')} />
              </Field>
              <Field id="address-country" label={t('country')} error={errors.address?.country?.message}>
                <input id="address-country" className="input" list="country-options" autoComplete="country-name" {...register('address.country')} />
                <datalist id="country-options">
                  {COUNTRIES.map((c) => (
                    <option key={c.code} value={c.name} />
                  ))}
                </datalist>
              </Field>
              <Field id="address-pincode" label={t('pincode')} error={errors.address?.pincode?.message}>
                <input id="address-pincode" className="input" autoComplete="postal-code" {...register('address.pincode')} />
              </Field>
            </div>
          </fieldset>
        </>
      )}
      {preferences}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t('saving') : t('saveChanges')}
        </button>
        <div className="flex-1">
          <FlashMessage flash={flash} />
        </div>
      </div>
    </form>
  );
}
