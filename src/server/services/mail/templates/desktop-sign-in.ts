import { dateTimeWithZone, type TimeZone } from '#shared/dates';
import type { Locale } from '#shared/i18n/locales';
import { site } from '#shared/site';
import { greeting, mailText } from '../texts';
import { renderMail } from './layout';

/**
 * The notice of an approved browser sign-in of the desktop program (decision 185): which device, when and from where
 * it asked, and what to do if it was not the account's owner (remove the device, change the password).
 */
export const desktopSignInMail = (
  input: { firstName: string; device: string; os: string; place: string; when: Date; timeZone: TimeZone; devicesUrl: string },
  locale: Locale = 'en',
) => {
  const t = mailText(locale);
  const product = site.productName;
  const device = input.device || t('desktopSignInUnnamed');
  return renderMail(
    t('desktopSignInSubject', { product, device }),
    {
      preheader: t('desktopSignInPreheader', { device }),
      heading: t('desktopSignInHeading', { device }),
      paragraphs: [t('desktopSignInIntro', { greeting: greeting(t, input.firstName, false), product, device })],
      details: [
        [t('desktopSignInDevice'), input.os ? `${device} (${input.os})` : device],
        [t('desktopSignInWhen'), dateTimeWithZone(input.when, input.timeZone, locale)],
        [t('desktopSignInPlace'), input.place || t('desktopSignInUnknownPlace')],
      ],
      action: { label: t('desktopSignInAction'), url: input.devicesUrl },
      footnote: t('desktopSignInNotYou', { email: site.supportEmail }),
    },
    locale,
  );
};
