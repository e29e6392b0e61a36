import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** The customer's row, locked for the rest of the transaction (actions on one customer run one after the other). */
export async function lockCustomer(tx: Tx, userId: string): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw notFound('CUSTOMER_NOT_FOUND');
  return user;
}

/** The customer whose subscription an admin cancels (404 when there is no such customer). */
export async function customerRow(ctx: Pick<AppContext, 'db'>, userId: string): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('CUSTOMER_NOT_FOUND');
  return user;
}
