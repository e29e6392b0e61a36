import type { Config } from '../../config';
import type { Locale } from '#shared/i18n/locales';
import { LINK_LANG_PARAM } from '#shared/pages';

/**
 * The links mailed to users point at the client pages, which call the API. Each names the mail's language, so the
 * page opens in the language the mail was written in whatever the device remembers (`addressLocale`, shared/pages.ts);
 * the token stays the link's only secret.
 */
export const mailLink = (config: Pick<Config, 'publicUrl'>, path: string, token: string, locale: Locale) =>
  `${config.publicUrl}${path}?token=${encodeURIComponent(token)}&${LINK_LANG_PARAM}=${locale}`;

export const verifyEmailUrl = (config: Pick<Config, 'publicUrl'>, token: string, locale: Locale) => mailLink(config, '/verify-email', token, locale);
export const resetPasswordUrl = (config: Pick<Config, 'publicUrl'>, token: string, locale: Locale) => mailLink(config, '/reset-password', token, locale);

/** Settings, Security, in the mail's language: where two-step verification is set up again. */
export const securitySettingsUrl = (config: Pick<Config, 'publicUrl'>, locale: Locale) => `${config.publicUrl}/settings?tab=security&${LINK_LANG_PARAM}=${locale}`;
