import { site } from '../../../../shared/site';
import { renderMail } from './layout';

export const passwordResetMail = (input: { firstName: string; url: string }) =>
  renderMail(`Reset your ${site.productName} password`, {
    preheader: 'A link to choose a new password, valid for one hour.',
    heading: 'Reset your password',
    paragraphs: [`Hi ${input.firstName}, we received a request to reset the password of your ${site.productName} account.`],
    action: { label: 'Choose a new password', url: input.url },
    footnote: 'This link is valid for 1 hour and works once. If you did not ask for it, ignore this email: your password stays as it is.',
  });
