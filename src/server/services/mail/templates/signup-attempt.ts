import { dateTimeWithZone, type TimeZone } from '#shared/dates';
import type { Locale } from '#shared/i18n/locales';
import { site } from '#shared/site';
import { greeting, mailText } from '../texts';
import { renderMail } from './layout';

/**
 * To the owner of an address someone tried to sign up with again (decision 063): the sign-up answers the same as for
 * a new address, so only the mailbox learns that the account exists. Nothing of the account was changed. An account
 * not yet verified gets a password reset link (1 hour) with it, not a verification link: its password was chosen by
 * whoever signed up first, perhaps not the mailbox's owner, so the owner finishes it by choosing the password, which
 * also verifies the address and signs out everywhere.
 */
export const signupAttemptMail = (input: { firstName: string; when: Date; timeZone: TimeZone; signInUrl: string; resetUrl: string | null }, locale: Locale = 'en') => {
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
        input.resetUrl ? t('attemptVerify') : t('attemptSignIn'),
      ],
      action: input.resetUrl ? { label: t('attemptVerifyAction'), url: input.resetUrl } : { label: t('attemptSignInAction', { product }), url: input.signInUrl },
      footnote: `${t('attemptFootnote')} ${t('questions', { email: site.supportEmail })}`,
    },
    locale,
  );
};
