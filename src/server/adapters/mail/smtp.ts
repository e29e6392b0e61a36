import type { Transporter } from 'nodemailer';
import type { MailAttachment } from '../../db/schema';

export type MailMessage = { to: string; subject: string; html: string; text: string; attachments: MailAttachment[] | null };

export type MailTransport = {
  send: (mail: MailMessage) => Promise<void>;
  close: () => void;
};

/**
 * SMTP through nodemailer (SMTP_URL: smtp://user:pass@host:587 or smtps://…:465). nodemailer loads with the first
 * mail sent, not at start (about 430 KB of the server bundle); later mails use the same transporter, a pool of a few
 * connections (nodemailer's default of 5), kept open between mails and shared by the mails of a batch sent side by
 * side (services/mail/worker.ts).
 */
export function createSmtpTransport(url: string, from: string): MailTransport {
  let transporter: Promise<Transporter> | null = null;
  const made = () => (transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport({ url, pool: true }, { from })));
  return {
    async send(mail) {
      await (
        await made()
      ).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') })),
      });
    },
    close: () => void transporter?.then((t) => t.close()),
  };
}
