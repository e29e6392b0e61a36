import { z } from 'zod';
import { isoTime, paginationSchema } from './envelope';

/** A contact message as the admin inbox shows it. */
export const contactMessageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    createdAt: isoTime,
    handledAt: isoTime.nullable(),
    handledBy: z.object({ id: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactInboxSchema = z.object({
  messages: z.array(contactMessageSchema),
  pagination: paginationSchema,
  counts: z.object({ open: z.number().int(), handled: z.number().int() }),
});
export type ContactInbox = z.infer<typeof contactInboxSchema>;

export const contactMessageData = z.object({ message: contactMessageSchema });
export type ContactMessageData = z.infer<typeof contactMessageData>;

/** POST /contact: the id of the stored message. */
export const contactSentData = z.object({ id: z.string() });
