import { z } from 'zod';
import { isoTime } from './envelope';

/** GET /dev/mailbox: mail kept in the outbox while no SMTP server is configured (absent in production). */
export const mailSummarySchema = z.object({ id: z.string(), kind: z.string(), to: z.string(), subject: z.string(), createdAt: isoTime, links: z.array(z.string()) });
export type MailSummary = z.infer<typeof mailSummarySchema>;
export const mailFullSchema = mailSummarySchema.extend({ html: z.string(), text: z.string() });
export type MailFull = z.infer<typeof mailFullSchema>;

export const mailboxData = z.object({ messages: z.array(mailSummarySchema) });
export type MailboxData = z.infer<typeof mailboxData>;
export const mailData = z.object({ message: mailFullSchema });
export type MailData = z.infer<typeof mailData>;
