import { site } from '../../../shared/site';
import type { OutgoingMail } from '../mail/outbox';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Visitor text goes into the support mail as text, never as markup. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** A header must stay one line whatever the visitor typed. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export type NoticeInput = { id: string; name: string; email: string; subject: string; message: string; receivedAt: Date };

/** The mail that tells the support mailbox a visitor wrote through the contact form. */
export function contactNoticeMail(m: NoticeInput, publicUrl: string): OutgoingMail {
  const when = m.receivedAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const inbox = `${publicUrl}/admin/messages`;
  const subject = `[Contact] ${oneLine(m.subject)}`.slice(0, 250);
  const text = [
    `New message through the ${site.productName} contact form.`,
    '',
    `From:    ${oneLine(m.name)} <${m.email}>`,
    `Subject: ${oneLine(m.subject)}`,
    `Received: ${when}`,
    '',
    m.message,
    '',
    `Reply to the sender at ${m.email}, then mark it handled in the inbox: ${inbox}`,
  ].join('\n');
  const paragraphs = escapeHtml(m.message).replace(/\r?\n/g, '<br>');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#10131a;line-height:1.5">
<p>New message through the ${escapeHtml(site.productName)} contact form.</p>
<table cellpadding="4" style="border-collapse:collapse">
<tr><td><strong>From</strong></td><td>${escapeHtml(oneLine(m.name))} &lt;<a href="mailto:${encodeURIComponent(m.email)}">${escapeHtml(m.email)}</a>&gt;</td></tr>
<tr><td><strong>Subject</strong></td><td>${escapeHtml(oneLine(m.subject))}</td></tr>
<tr><td><strong>Received</strong></td><td>${when}</td></tr>
</table>
<blockquote style="margin:16px 0;padding:12px 16px;border-left:3px solid #7c8cff;background:#f4f5fb">${paragraphs}</blockquote>
<p>Reply to the sender, then mark the message handled in the <a href="${escapeHtml(inbox)}">admin inbox</a>.</p>
</body></html>`;
  return { kind: 'contact-notice', to: site.supportEmail, subject, html, text };
}
