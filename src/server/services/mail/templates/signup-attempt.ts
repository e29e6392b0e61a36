import { dateTimeWithZone, type TimeZone } from '../../../../shared/dates';
import { site } from '../../../../shared/site';
import { renderMail } from './layout';

/**
 * To the owner of an address someone tried to sign up with again (decision 063): the sign-up answers the same as for
 * a new address, so only the mailbox learns that the account exists. Nothing of the account was changed. An account
 * not yet verified gets a fresh verification link with it.
 */
export const signupAttemptMail = (input: { firstName: string; when: Date; timeZone: TimeZone; signInUrl: string; verifyUrl: string | null }) =>
  renderMail(`Someone tried to sign up to ${site.productName} with your email`, {
    preheader: 'You already have an account: nothing was changed.',
    heading: 'You already have an account',
    paragraphs: [
      `Hi ${input.firstName}, someone, perhaps you, tried to create a new ${site.productName} account with this email address on ${dateTimeWithZone(input.when, input.timeZone)}.`,
      'This address already has an account, so no second account was made and nothing was changed: your password and your data stay as they were.',
      input.verifyUrl
        ? 'Your account is not verified yet. Verify your email with the button below, then sign in. Forgot your password? Choose "Forgot password?" on the sign-in form.'
        : 'To use your account, sign in. Forgot your password? Choose "Forgot password?" on the sign-in form.',
    ],
    action: input.verifyUrl ? { label: 'Verify my email', url: input.verifyUrl } : { label: `Sign in to ${site.productName}`, url: input.signInUrl },
    footnote: `If this was not you, you can ignore this email. Questions? Write to ${site.supportEmail}.`,
  });
