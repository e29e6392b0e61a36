import { dateTimeWithZone, type TimeZone } from '../../../../shared/dates';
import type { Locale } from '../../../../shared/i18n/locales';
import { site } from '../../../../shared/site';
import { greeting, mailText } from '../texts';
import { renderMail } from './layout';

/**
 * To the owner of an address someone tried to sign up with again (decision 063): the sign-up answers the same as for
 * a new address, so only the mailbox learns that the account exists. Nothing of the account was changed. An account
 * not yet verified gets a fresh verification link with it.
 */
export const signupAttemptMail = (input: { firstName: string; when: Date; timeZone: TimeZone; signInUrl: string; verifyUrl: string | null }, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  return renderMail(
    t('attemptSubject', { product }),
    {
      preheader: t('attemptPreheader'),
      heading: t('attemptHeading'),
      paragraphs: [
        t('attemptIntro', { greeting: greeting(t, input.firstName, false), product, when: dateTimeWithZone(input.when, input.timeZone, locale) }),
        t('attemptNothingChanged'),
        input.verifyUrl ? t('attemptVerify') : t('attemptSignIn'),
      ],
      action: input.verifyUrl ? { label: t('verifyAction'), url: input.verifyUrl } : { label: t('attemptSignInAction', { product }), url: input.signInUrl },
      footnote: `${t('attemptFootnote')} ${t('questions', { email: site.supportEmail })}`,
    },
    locale,
  );
};
