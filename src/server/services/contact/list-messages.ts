import { desc, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ContactInbox, ContactInboxFilter } from '#shared/schemas/contact';
import type { Db } from '../../db/client';
import { paginate } from '../../lib/pagination';
import { contactMessages } from '../../db/schema';
import { selectMessages, toMessage } from './message-row';

const filterOf = (status: ContactInboxFilter): SQL | undefined =>
  status === 'open' ? isNull(contactMessages.handledAt) : status === 'handled' ? isNotNull(contactMessages.handledAt) : undefined;

/** One page of the admin inbox, newest first, with the open and handled totals for the tabs. */
export async function listContactMessages(db: Db, q: { page: number; limit: number; status: ContactInboxFilter }): Promise<ContactInbox> {
  const where = filterOf(q.status);
  const [totals] = await db
    .select({
      open: sql<number>`count(*) filter (where ${contactMessages.handledAt} is null)`.mapWith(Number),
      handled: sql<number>`count(*) filter (where ${contactMessages.handledAt} is not null)`.mapWith(Number),
    })
    .from(contactMessages);
  const totalItems = q.status === 'open' ? totals.open : q.status === 'handled' ? totals.handled : totals.open + totals.handled;
  const { offset, ...pagination } = paginate(q.page, totalItems, q.limit);
  const rows = await selectMessages(db).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(q.limit).offset(offset);
  return {
    messages: rows.map(toMessage),
    pagination,
    counts: totals,
  };
}
