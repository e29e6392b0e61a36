import { dateTimeWithZone, SITE_TIME_ZONE } from '#shared/dates';
import { site } from '#shared/site';
import type { OutgoingMail } from '../mail/outbox';
import { renderMail } from '../mail/templates/layout';

/** A header must stay one line whatever the visitor typed. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export type NoticeInput = { id: string; name: string; email: string; subject: string; message: string; receivedAt: Date };

/**
 * The mail that tells the support mailbox a visitor wrote through the contact form. The shared layout
 * escapes every paragraph, so what the visitor typed arrives as text, never as markup.
 */
export function contactNoticeMail(m: NoticeInput, publicUrl: string): OutgoingMail {
  // The team reads the site's zone, like the public pages.
  const when = dateTimeWithZone(m.receivedAt, SITE_TIME_ZONE);
  const subject = `[Contact] ${oneLine(m.subject)}`.slice(0, 250);
  const lines = m.message
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const rendered = renderMail(subject, {
    preheader: `${oneLine(m.name)} wrote: ${oneLine(m.message).slice(0, 90)}`,
    heading: `New message from ${oneLine(m.name)}`,
    paragraphs: [`From: ${oneLine(m.name)} <${m.email}>`, `Subject: ${oneLine(m.subject)}`, `Received: ${when}`, ...lines],
    action: { label: 'Open the inbox', url: `${publicUrl}/admin/messages` },
    footnote: `Reply to ${m.email}, then mark the message handled in the ${site.productName} admin inbox.`,
  });
  return { kind: 'contact-notice', to: site.supportEmail, ...rendered };
}
