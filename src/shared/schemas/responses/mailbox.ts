import { z } from 'zod';
import { isoTime } from './envelope';

/** GET /dev/mailbox: mail kept in the outbox while no SMTP server is configured (absent in production). */
export const mailSummarySchema = z.object({ id: z.string(), kind: z.string(), to: z.string(), subject: z.string(), createdAt: isoTime, links: z.array(z.string()) });
export type MailSummary = z.infer<typeof mailSummarySchema>;
/** A file sent with the mail (a receipt, a credit note), read at GET /dev/mailbox/{id}/attachments/{index}. */
export const mailAttachmentSchema = z.object({ index: z.number().int(), filename: z.string(), contentType: z.string(), size: z.number().int().describe('Bytes') });
export const mailFullSchema = mailSummarySchema.extend({ html: z.string(), text: z.string(), attachments: z.array(mailAttachmentSchema) });
export type MailFull = z.infer<typeof mailFullSchema>;

export const mailboxData = z.object({ messages: z.array(mailSummarySchema) });
export type MailboxData = z.infer<typeof mailboxData>;
export const mailData = z.object({ message: mailFullSchema });
export type MailData = z.infer<typeof mailData>;
