import { dateTimeWithZone, type TimeZone } from '#shared/dates';
import type { Locale } from '#shared/i18n/locales';
import { site } from '#shared/site';
import { greeting, mailText } from '../texts';
import { renderMail } from './layout';

/**
 * The notice of a download of the account's data (issue 36, decision 199): when, from which browser, where and from
 * which address, so a download by someone else who got in is seen by the owner.
 */
export const dataExportedMail = (
  input: { firstName: string; when: Date; timeZone: TimeZone; browser: string; os: string; place: string; ip: string; securityUrl: string },
  locale: Locale = 'en',
) => {
  const t = mailText(locale);
  const product = site.productName;
  const knownBrowser = input.browser && input.browser !== 'Unknown' && input.browser !== 'Unknown browser';
  const knownOs = input.os && input.os !== 'Unknown';
  const browser = knownBrowser ? (knownOs ? t('dataExportedBrowserOn', { browser: input.browser, os: input.os }) : input.browser) : t('dataExportedUnknownBrowser');
  return renderMail(
    t('dataExportedSubject', { product }),
    {
      preheader: t('dataExportedPreheader'),
      heading: t('dataExportedHeading'),
      paragraphs: [t('dataExportedIntro', { greeting: greeting(t, input.firstName, false), product })],
      details: [
        [t('dataExportedWhen'), dateTimeWithZone(input.when, input.timeZone, locale)],
        [t('dataExportedBrowser'), browser],
        [t('dataExportedPlace'), input.place || t('dataExportedUnknownPlace')],
        ...(input.ip ? ([[t('dataExportedAddress'), input.ip]] as [string, string][]) : []),
      ],
      action: { label: t('dataExportedAction'), url: input.securityUrl },
      footnote: t('dataExportedNotYou', { email: site.supportEmail }),
    },
    locale,
  );
};
