import type { DbOrTx } from '../../db/client';
import { outbox, type MailAttachment } from '../../db/schema';

export type OutgoingMail = {
  /** What kind of mail (verify-email, password-reset, receipt, contact-notice…): for the mailbox and logs. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
};

/**
 * Puts a mail in the outbox. Call it with the transaction of the change that causes the mail,
 * so that the mail exists exactly when the change does; the outbox worker delivers it.
 */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({ kind: mail.kind, toAddress: mail.to, subject: mail.subject, html: mail.html, text: mail.text, attachments: mail.attachments ?? null })
    .returning({ id: outbox.id });
  return row.id;
}

/** A PDF made for a mail (a receipt, a credit note), as the outbox keeps attachments. */
export const pdfAttachment = (filename: string, pdf: Buffer): MailAttachment => ({ filename, contentType: 'application/pdf', contentBase64: pdf.toString('base64') });
