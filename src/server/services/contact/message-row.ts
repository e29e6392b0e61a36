import { eq } from 'drizzle-orm';
import type { ContactMessage } from '#shared/schemas/contact';
import type { DbOrTx } from '../../db/client';
import { contactMessages, users } from '../../db/schema';

type Row = typeof contactMessages.$inferSelect & { handlerEmail: string | null };

export const toMessage = (r: Row): ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  handledAt: r.handledAt?.toISOString() ?? null,
  handledBy: r.handledBy && r.handlerEmail ? { id: r.handledBy, email: r.handlerEmail } : null,
});

/** The columns the inbox shows, with the e-mail of the admin who handled the message. */
export const messageColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  ip: contactMessages.ip,
  createdAt: contactMessages.createdAt,
  handledAt: contactMessages.handledAt,
  handledBy: contactMessages.handledBy,
  handlerEmail: users.email,
};

export const selectMessages = (db: DbOrTx) => db.select(messageColumns).from(contactMessages).leftJoin(users, eq(users.id, contactMessages.handledBy));
