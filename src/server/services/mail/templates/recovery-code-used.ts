import { dateTimeWithZone, type TimeZone } from '#shared/dates';
import type { Locale } from '#shared/i18n/locales';
import { site } from '#shared/site';
import { greeting, mailText } from '../texts';
import { renderMail } from './layout';

/** Sent when a recovery code signed in to the account (decision 192): which, how many are left, and where to set up again. */
export const recoveryCodeUsedMail = (input: { firstName: string; when: Date; timeZone: TimeZone; left: number; settingsUrl: string }, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  return renderMail(
    t('recoveryUsedSubject', { product }),
    {
      preheader: t('recoveryUsedLeft', { left: input.left }),
      heading: t('recoveryUsedHeading'),
      paragraphs: [
        t('recoveryUsedIntro', { greeting: greeting(t, input.firstName, false), product, when: dateTimeWithZone(input.when, input.timeZone, locale) }),
        `${t('recoveryUsedLeft', { left: input.left })} ${t('recoveryUsedAgain')}`,
        t('recoveryUsedNotYou', { email: site.supportEmail }),
      ],
      action: { label: t('recoveryUsedAction'), url: input.settingsUrl },
    },
    locale,
  );
};
