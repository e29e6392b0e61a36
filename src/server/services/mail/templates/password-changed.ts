import { dateTimeWithZone, type TimeZone } from '../../../../shared/dates';
import { site } from '../../../../shared/site';
import { renderMail } from './layout';

export const passwordChangedMail = (input: { firstName: string; when: Date; timeZone: TimeZone; how: 'changed' | 'reset' }) =>
  renderMail(`Your ${site.productName} password was ${input.how}`, {
    preheader: 'Every other session was signed out.',
    heading: `Your password was ${input.how}`,
    paragraphs: [
      `Hi ${input.firstName}, the password of your ${site.productName} account was ${input.how} on ${dateTimeWithZone(input.when, input.timeZone)}.`,
      'For your security every other session on the web and in the desktop app was signed out.',
      `If this was not you, reset your password right away and write to us at ${site.supportEmail}.`,
    ],
  });
