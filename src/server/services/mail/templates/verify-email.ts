import { site } from '../../../../shared/site';
import { renderMail } from './layout';

export const verifyEmailMail = (input: { firstName: string; url: string }) =>
  renderMail(`Verify your email for ${site.productName}`, {
    preheader: 'Confirm your address to start your free trial.',
    heading: `Welcome to ${site.productName}, ${input.firstName}!`,
    paragraphs: ['Please confirm that this is your email address. Your one-day free trial starts as soon as you sign in.'],
    action: { label: 'Verify my email', url: input.url },
    footnote: 'This link is valid for 24 hours. If you did not create an account, you can ignore this email.',
  });
