import type { AppContext } from '../../context';
import { contactMessages } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { contactNoticeMail } from './notice-mail';

export type ContactSubmission = { name: string; email: string; subject: string; message: string };

/**
 * Stores the message and queues the support notice in one transaction, before the visitor gets an answer:
 * a mail server that is down delays the notice but loses nothing.
 */
export async function submitContactMessage(ctx: AppContext, input: ContactSubmission, ip: string): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, subject: input.subject, message: input.message, ip })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    await enqueueMail(tx, contactNoticeMail({ ...input, id: row.id, receivedAt: row.createdAt }, ctx.config.publicUrl));
    return { id: row.id };
  });
}
