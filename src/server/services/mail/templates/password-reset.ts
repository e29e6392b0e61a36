import type { Locale } from '#shared/i18n/locales';
import { site } from '#shared/site';
import { greeting, mailText } from '../texts';
import { renderMail } from './layout';

export const passwordResetMail = (input: { firstName: string; url: string }, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  return renderMail(
    t('resetSubject', { product }),
    {
      preheader: t('resetPreheader'),
      heading: t('resetHeading'),
      paragraphs: [t('resetIntro', { greeting: greeting(t, input.firstName, false), product })],
      action: { label: t('resetAction'), url: input.url },
      footnote: t('resetFootnote'),
    },
    locale,
  );
};
