import { site } from '../../../../shared/site';
import { renderMail } from './layout';

/**
 * The verification link. The one-day trial starts when the address is verified (decision 067); an address that
 * already had its trial (decision 063) is not promised another one.
 */
export const verifyEmailMail = (input: { firstName: string; url: string; trial?: boolean }) => {
  const trial = input.trial ?? true;
  return renderMail(`Verify your email for ${site.productName}`, {
    preheader: trial ? 'Confirm your address to start your free trial.' : 'Confirm your address to sign in.',
    heading: `Welcome to ${site.productName}, ${input.firstName}!`,
    paragraphs: [
      trial
        ? 'Please confirm that this is your email address. Your one-day free trial starts the moment you do, so the whole day is yours to use.'
        : 'Please confirm that this is your email address, then sign in and choose a plan.',
    ],
    action: { label: 'Verify my email', url: input.url },
    footnote: 'This link is valid for 24 hours. If you did not create an account, you can ignore this email.',
  });
};
