import { dateTimeWithZone, type TimeZone } from '#shared/dates';
import type { Locale } from '#shared/i18n/locales';
import { site } from '#shared/site';
import { greeting, mailText } from '../texts';
import { renderMail } from './layout';

export const passwordChangedMail = (input: { firstName: string; when: Date; timeZone: TimeZone; how: 'changed' | 'reset' }, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  const { how } = input;
  return renderMail(
    t('changedSubject', { how, product }),
    {
      preheader: t('changedPreheader'),
      heading: t('changedHeading', { how }),
      paragraphs: [
        t('changedIntro', { how, greeting: greeting(t, input.firstName, false), product, when: dateTimeWithZone(input.when, input.timeZone, locale) }),
        t('changedSessions'),
        t('changedNotYou', { email: site.supportEmail }),
      ],
    },
    locale,
  );
};
