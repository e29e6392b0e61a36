import nodemailer from 'nodemailer';
import type { MailAttachment } from '../../db/schema';

export type MailMessage = { to: string; subject: string; html: string; text: string; attachments: MailAttachment[] | null };

export type MailTransport = {
  send: (mail: MailMessage) => Promise<void>;
  close: () => void;
};

/** SMTP through nodemailer (SMTP_URL: smtp://user:pass@host:587 or smtps://…:465). */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url, { from });
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') })),
      });
    },
    close: () => transporter.close(),
  };
}
