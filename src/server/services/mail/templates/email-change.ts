import { EMAIL_CHANGE } from '#shared/constants';
import { dateTimeWithZone, type TimeZone } from '#shared/dates';
import type { Locale } from '#shared/i18n/locales';
import { site } from '#shared/site';
import { greeting, mailText } from '../texts';
import { renderMail } from './layout';

// Changing the account's e-mail address (issue 36, decision 194): the link to the new address, the notice to the old
// one with its "this wasn't me" link, and, when the new address already has an account, a word to its owner.

/** To the new address: the link that makes it the account's (EMAIL_CHANGE.confirmHours). */
export const emailChangeConfirmMail = (input: { firstName: string; newEmail: string; url: string }, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  return renderMail(
    t('emailChangeConfirmSubject', { product }),
    {
      preheader: t('emailChangeConfirmPreheader'),
      heading: t('emailChangeConfirmHeading'),
      paragraphs: [
        t('emailChangeConfirmIntro', { greeting: greeting(t, input.firstName, false), product, email: input.newEmail }),
        t('emailChangeConfirmValid', { hours: EMAIL_CHANGE.confirmHours }),
      ],
      action: { label: t('emailChangeConfirmAction'), url: input.url },
      footnote: `${t('emailChangeConfirmFootnote')} ${t('questions', { email: site.supportEmail })}`,
    },
    locale,
  );
};

/** To the old address, at once: which address was asked for, and the link that undoes it (EMAIL_CHANGE.undoDays). */
export const emailChangeNoticeMail = (input: { firstName: string; newEmail: string; when: Date; timeZone: TimeZone; undoUrl: string }, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  return renderMail(
    t('emailChangeNoticeSubject', { product }),
    {
      preheader: t('emailChangeNoticePreheader', { email: input.newEmail }),
      heading: t('emailChangeNoticeHeading'),
      paragraphs: [
        t('emailChangeNoticeIntro', { greeting: greeting(t, input.firstName, false), product, email: input.newEmail, when: dateTimeWithZone(input.when, input.timeZone, locale) }),
        t('emailChangeNoticeThen'),
        t('emailChangeNoticeNotYou', { days: EMAIL_CHANGE.undoDays }),
      ],
      action: { label: t('emailChangeNoticeAction'), url: input.undoUrl },
      footnote: `${t('emailChangeNoticeFootnote')} ${t('questions', { email: site.supportEmail })}`,
    },
    locale,
  );
};

/** To a new address that already has an account: nothing was changed, and nothing of the other account is told. */
export const emailChangeTakenMail = (input: { firstName: string }, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  return renderMail(
    t('emailChangeTakenSubject', { product }),
    {
      preheader: t('emailChangeTakenPreheader'),
      heading: t('emailChangeTakenHeading'),
      paragraphs: [t('emailChangeTakenIntro', { greeting: greeting(t, input.firstName, false), product }), t('emailChangeTakenNothing')],
      footnote: `${t('attemptFootnote')} ${t('questions', { email: site.supportEmail })}`,
    },
    locale,
  );
};
