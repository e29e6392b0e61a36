import { NEW_SIGN_IN } from '#shared/constants';
import { dateTimeWithZone, type TimeZone } from '#shared/dates';
import type { Locale } from '#shared/i18n/locales';
import { site } from '#shared/site';
import { greeting, mailText } from '../texts';
import { renderMail } from './layout';

/**
 * What signed in: a browser and its system (services/auth/user-agent.ts's names; '' when not known), or the desktop
 * program's device by the name and system it gave.
 */
export type SignedInWith = { browser: string; os: string } | { device: string; os: string };

/**
 * A sign-in from a browser or device the account has not used before (issue 36, decision 200): what signed in, where
 * from, when (in the account's time zone); nothing to do if it was the owner, else the "This wasn't me" link
 * (NEW_SIGN_IN.secureDays), which signs every session out and leads to a new password.
 */
export const newSignInMail = (
  input: { firstName: string; with: SignedInWith; place: string; ip: string; when: Date; timeZone: TimeZone; secureUrl: string },
  locale: Locale = 'en',
) => {
  const t = mailText(locale);
  const product = site.productName;
  const os = input.with.os || t('newSignInUnknownSystem');
  const what =
    'device' in input.with
      ? t('newSignInDesktop', { product, device: input.with.device ? `${input.with.device} (${os})` : os })
      : t('newSignInBrowserOn', { browser: input.with.browser || t('newSignInUnknownBrowser'), os });
  const place = input.place || t('newSignInUnknownPlace');
  return renderMail(
    t('newSignInSubject', { product }),
    {
      preheader: t('newSignInPreheader', { what, place }),
      heading: t('newSignInHeading'),
      paragraphs: [t('newSignInIntro', { greeting: greeting(t, input.firstName, false), product }), t('newSignInWasYou')],
      details: [
        [t('newSignInWhat'), what],
        [t('newSignInPlace'), place],
        [t('newSignInAddress'), input.ip || t('newSignInUnknownAddress')],
        [t('newSignInWhen'), dateTimeWithZone(input.when, input.timeZone, locale)],
      ],
      action: { label: t('newSignInAction'), url: input.secureUrl },
      footnote: `${t('newSignInNotYou', { days: NEW_SIGN_IN.secureDays })} ${t('questions', { email: site.supportEmail })}`,
    },
    locale,
  );
};
