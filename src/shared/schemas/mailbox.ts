import { z } from 'zod';
import { email } from './fields';

/** GET /dev/mailbox: the mail to one address, newest first, at most `limit` (the embedded mailbox, routes/dev.ts). */
export const mailboxQuerySchema = z.object({
  to: email.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** One mail of the embedded mailbox, by its outbox id. */
export const mailIdParam = z.object({ id: z.uuid() });

/** A file one mail carries, by its place in the mail. */
export const mailAttachmentParams = z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(99) });
