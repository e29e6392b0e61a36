import type { Locale } from '#shared/i18n/locales';
import { site } from '#shared/site';
import { mailText } from '../texts';
import { renderMail } from './layout';

/**
 * The verification link. The one-day trial starts when the address is verified (decision 067); an address that
 * already had its trial (decision 063) is not promised another one.
 */
export const verifyEmailMail = (input: { firstName: string; url: string; trial?: boolean }, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  const trial = input.trial ?? true;
  return renderMail(
    t('verifySubject', { product }),
    {
      preheader: trial ? t('verifyPreheaderTrial') : t('verifyPreheader'),
      heading: t('verifyHeading', { product, firstName: input.firstName }),
      paragraphs: [trial ? t('verifyTrial') : t('verifyNoTrial')],
      action: { label: t('verifyAction'), url: input.url },
      footnote: t('verifyFootnote'),
    },
    locale,
  );
};
