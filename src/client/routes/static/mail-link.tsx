import { site } from '../../../shared/site';

/** A mail link to the support mailbox (or another address), with an optional subject. */
export function MailLink({ to = site.supportEmail, subject }: { to?: string; subject?: string }) {
  const href = `mailto:${to}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
  return <a href={href}>{to}</a>;
}
