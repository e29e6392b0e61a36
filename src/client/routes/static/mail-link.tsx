import { site } from '#shared/site';
import { mailtoHref } from '#shared/mailto';

/** A mail link to the support mailbox (or another address), with an optional subject. */
export function MailLink({ to = site.supportEmail, subject }: { to?: string; subject?: string }) {
  const href = mailtoHref(to, { subject });
  return <a href={href}>{to}</a>;
}
