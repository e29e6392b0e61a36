import type { Locale } from '#shared/i18n/locales';
import { site } from '#shared/site';
import { escapeHtml } from '#server/lib/html';
import { mailText } from '../texts';

export type RenderedMail = { subject: string; html: string; text: string };

export type MailBody = {
  /** Shown in the inbox list before the mail is opened. */
  preheader: string;
  heading: string;
  /** Plain paragraphs (escaped here). */
  paragraphs: string[];
  /** Label and value rows (a receipt's number, amount and plan), in a table; escaped here. */
  details?: [label: string, value: string][];
  action?: { label: string; url: string };
  /** Small print under the button (escaped here). */
  footnote?: string;
};

/** The brand header every mail opens with: the mark tests look for to know a mail went through this layout. */
export const BRAND_HEADER = `<td data-mail-part="brand-header" style="background:#10131a;padding:20px 28px;font-size:18px;font-weight:700;color:#e6e9f2">${escapeHtml(site.productName)}</td>`;

/**
 * One branded frame for every mail (no mail builds its own HTML): table layout and inline styles, because mail
 * clients ignore style sheets; the plain-text part says the same for clients that show no HTML. In the text, a link
 * stands on a line of its own, so that no punctuation is read as part of it. The frame's own words (the link under the
 * button, the footer) are in the mail's language, as the body the template wrote.
 */
export function renderMail(subject: string, body: MailBody, locale: Locale = 'en'): RenderedMail {
  const t = mailText(locale);
  // Signed with the product's name, as the header, the sender and the copyright name it ("The Stealth Browser team").
  const team = t('team', { product: site.productName });
  const p = (t: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:24px;color:#1f2430">${escapeHtml(t)}</p>`;
  const details = body.details?.length
    ? `<table role="presentation" cellspacing="0" cellpadding="0" style="width:100%;margin:0 0 20px;border-top:1px solid #e6e9f2">
${body.details.map(([label, value]) => `<tr><td style="padding:8px 12px 8px 0;border-bottom:1px solid #e6e9f2;font-size:14px;line-height:20px;color:#5b6375">${escapeHtml(label)}</td><td style="padding:8px 0;border-bottom:1px solid #e6e9f2;font-size:14px;line-height:20px;color:#1f2430;font-weight:600;text-align:right">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>`
    : '';
  const button = body.action
    ? `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 24px"><tr><td style="border-radius:8px;background:#5d6cf0">
<a href="${escapeHtml(body.action.url)}" style="display:inline-block;padding:12px 22px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(body.action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#5b6375">${escapeHtml(t('buttonFallback'))}<br><a href="${escapeHtml(body.action.url)}" style="color:#5d6cf0;word-break:break-all">${escapeHtml(body.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f2f4f8;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(body.preheader)}</span>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f2f4f8;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr>${BRAND_HEADER}</tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:21px;line-height:28px;color:#10131a">${escapeHtml(body.heading)}</h1>
${body.paragraphs.map(p).join('\n')}
${details}
${button}
${body.footnote ? `<p style="margin:0;font-size:13px;line-height:20px;color:#5b6375">${escapeHtml(body.footnote)}</p>` : ''}
</td></tr>
<tr><td style="padding:18px 28px;border-top:1px solid #e6e9f2;font-size:12px;line-height:18px;color:#8a93ad">
${escapeHtml(team)} · <a href="mailto:${site.supportEmail}" style="color:#8a93ad">${site.supportEmail}</a><br>© ${site.copyrightYear} ${escapeHtml(site.productName)}
</td></tr>
</table></td></tr></table>
</body></html>`;
  const text = [
    body.heading,
    '',
    ...body.paragraphs.flatMap((t) => [t, '']),
    ...(body.details?.length ? [...body.details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(body.action ? [`${body.action.label}:`, body.action.url, ''] : []),
    ...(body.footnote ? [body.footnote, ''] : []),
    '--',
    `${team} · ${site.supportEmail}`,
    `© ${site.copyrightYear} ${site.productName}`,
  ].join('\n');
  return { subject, html, text };
}
