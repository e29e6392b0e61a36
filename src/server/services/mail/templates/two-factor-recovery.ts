import { TWO_FACTOR } from '#shared/constants';
import { dateTimeWithZone, type TimeZone } from '#shared/dates';
import type { Locale } from '#shared/i18n/locales';
import { site } from '#shared/site';
import { greeting, mailText } from '../texts';
import { renderMail } from './layout';

// Recovering two-step verification without the authenticator or a recovery code (issue 36, decision 201): the notice
// sent at once with its cancel link, the mail with the finishing link when the wait is over, the word that it is done
// or was cancelled, and the notice of a reset by the support team.

type When = { when: Date; timeZone: TimeZone };

/** At once, to the account's address: who asked, when, from where, what happens when, and the link that cancels it. */
export const recoveryRequestedMail = (input: { firstName: string; browser: string; place: string; readyAt: Date; cancelUrl: string } & When, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  return renderMail(
    t('recoveryRequestedSubject', { product }),
    {
      preheader: t('recoveryRequestedPreheader', { hours: TWO_FACTOR.recoveryWaitHours }),
      heading: t('recoveryRequestedHeading'),
      paragraphs: [
        t('recoveryRequestedIntro', { greeting: greeting(t, input.firstName, false), product }),
        t('recoveryRequestedWait', { hours: TWO_FACTOR.recoveryWaitHours, readyAt: dateTimeWithZone(input.readyAt, input.timeZone, locale) }),
        t('recoveryRequestedSignIn'),
        t('recoveryRequestedNotYou'),
      ],
      details: [
        [t('recoveryRequestedWhen'), dateTimeWithZone(input.when, input.timeZone, locale)],
        [t('recoveryRequestedBrowser'), input.browser || t('recoveryUnknown')],
        [t('recoveryRequestedPlace'), input.place || t('recoveryUnknown')],
      ],
      action: { label: t('recoveryCancelAction'), url: input.cancelUrl },
      footnote: `${t('recoveryRequestedFootnote')} ${t('questions', { email: site.supportEmail })}`,
    },
    locale,
  );
};

/** When the wait is over: the link that finishes it (its page offers to cancel too), until when it works. */
export const recoveryReadyMail = (input: { firstName: string; requestedAt: Date; until: Date; timeZone: TimeZone; finishUrl: string }, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  return renderMail(
    t('recoveryReadySubject', { product }),
    {
      preheader: t('recoveryReadyPreheader'),
      heading: t('recoveryReadyHeading'),
      paragraphs: [
        t('recoveryReadyIntro', {
          greeting: greeting(t, input.firstName, false),
          product,
          hours: TWO_FACTOR.recoveryWaitHours,
          requestedAt: dateTimeWithZone(input.requestedAt, input.timeZone, locale),
        }),
        t('recoveryReadyThen'),
        t('recoveryReadyValid', { until: dateTimeWithZone(input.until, input.timeZone, locale) }),
      ],
      action: { label: t('recoveryReadyAction'), url: input.finishUrl },
      footnote: `${t('recoveryReadyNotYou')} ${t('questions', { email: site.supportEmail })}`,
    },
    locale,
  );
};

/** Done: two-step verification is off, every session ended; set it up again. */
export const recoveryCompletedMail = (input: { firstName: string; settingsUrl: string } & When, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  return renderMail(
    t('recoveryCompletedSubject', { product }),
    {
      preheader: t('recoveryCompletedPreheader'),
      heading: t('recoveryCompletedHeading'),
      paragraphs: [
        t('recoveryCompletedIntro', { greeting: greeting(t, input.firstName, false), product, when: dateTimeWithZone(input.when, input.timeZone, locale) }),
        t('recoveryCompletedAgain'),
      ],
      action: { label: t('recoveryUsedAction'), url: input.settingsUrl },
      footnote: t('recoveryUsedNotYou', { email: site.supportEmail }),
    },
    locale,
  );
};

/** How a recovery was cancelled, as its mail says it: the link, a sign-in with a factor, a signed-in session. */
export type RecoveryCancelledHow = 'link' | 'signedIn' | 'session';

/** Cancelled: two-step verification stays on; if it was not the owner who asked, the password is known. */
export const recoveryCancelledMail = (input: { firstName: string; requestedAt: Date; how: RecoveryCancelledHow; timeZone: TimeZone }, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  return renderMail(
    t('recoveryCancelledSubject', { product }),
    {
      preheader: t('recoveryCancelledPreheader'),
      heading: t('recoveryCancelledHeading'),
      paragraphs: [
        t('recoveryCancelledIntro', {
          greeting: greeting(t, input.firstName, false),
          product,
          requestedAt: dateTimeWithZone(input.requestedAt, input.timeZone, locale),
          how: input.how,
        }),
        t('recoveryCancelledNotYou'),
      ],
      footnote: t('questions', { email: site.supportEmail }),
    },
    locale,
  );
};

/** The support team turned it off (an admin, with a reason kept in the audit log): nothing else changed; set it up again. */
export const twoFactorResetByAdminMail = (input: { firstName: string; settingsUrl: string } & When, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  return renderMail(
    t('twoFactorResetSubject', { product }),
    {
      preheader: t('twoFactorResetPreheader'),
      heading: t('twoFactorResetHeading'),
      paragraphs: [
        t('twoFactorResetIntro', { greeting: greeting(t, input.firstName, false), product, when: dateTimeWithZone(input.when, input.timeZone, locale) }),
        t('recoveryCompletedAgain'),
      ],
      action: { label: t('recoveryUsedAction'), url: input.settingsUrl },
      footnote: t('twoFactorResetNotYou', { email: site.supportEmail }),
    },
    locale,
  );
};
