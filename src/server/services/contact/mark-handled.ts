import { and, eq, isNull } from 'drizzle-orm';
import type { ContactMessage } from '#shared/schemas/contact';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { selectMessages, toMessage } from './message-row';

/** Marks a message handled by this admin, or open again. Returns null when there is no such message. */
export async function setMessageHandled(db: Db, id: string, handled: boolean, adminId: string): Promise<ContactMessage | null> {
  await db
    .update(contactMessages)
    .set(handled ? { handledAt: new Date(), handledBy: adminId } : { handledAt: null, handledBy: null })
    .where(handled ? and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)) : eq(contactMessages.id, id));
  // Marking an already handled message again changes nothing: it keeps who handled it first and when.
  const [row] = await selectMessages(db).where(eq(contactMessages.id, id));
  return row ? toMessage(row) : null;
}
