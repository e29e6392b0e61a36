import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { CustomerSearchQuery } from '#shared/schemas/admin';
import type { CustomerRow, CustomerSearch } from '#shared/schemas/responses/admin-customers';
import type { DbOrTx } from '../../db/client';
import { plans, profiles, users } from '../../db/schema';
import { paginate } from '../../lib/pagination';

/** The text as a LIKE prefix pattern that matches it literally: %, _ and the escape character lose their meaning. */
export const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What the search text matches, each through its own prefix index (migration 0121): an address ('ann@ex'), a
 * domain ('@example.com'), or else the start of the address, of the full name ('ann le') or of the last name.
 */
function matchOf(raw: string): SQL | undefined {
  const q = raw.toLowerCase();
  if (!q || q === '@') return undefined;
  if (q.startsWith('@')) return sql`split_part(${users.email}, '@', 2) like ${likePrefix(q.slice(1))}`;
  if (q.includes('@')) return sql`${users.email} like ${likePrefix(q)}`;
  return or(
    sql`${users.email} like ${likePrefix(q)}`,
    sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${likePrefix(q)}`,
    sql`lower(${users.lastName}) like ${likePrefix(q)}`,
  );
}

const toRow = ({ u, role, planName }: { u: typeof users.$inferSelect; role: 'user' | 'admin' | null; planName: string | null }): CustomerRow => ({
  id: u.id,
  email: u.email,
  name: `${u.firstName} ${u.lastName}`.trim(),
  role: role ?? 'user',
  isEmailVerified: u.isEmailVerified,
  subscriptionPlan: u.subscriptionPlan,
  subscriptionPlanName: planName,
  subscriptionStatus: u.subscriptionStatus,
  trialExpires: u.trialExpires?.toISOString() ?? null,
  createdAt: u.createdAt.toISOString(),
  lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
});

/** How many administrators the search shows beside the customers: the site's own team, a handful. */
const ADMINS_SHOWN = 20;
const isAdmin = sql`coalesce(${profiles.role}, 'user') = 'admin'`;
const isCustomer = sql`coalesce(${profiles.role}, 'user') <> 'admin'`;

/**
 * GET /admin/users?q=: customers whose address or name starts with q (everyone without q), newest first, a page at a
 * time, with their plan's name; the administrators who match are listed apart (`admins`) and counted nowhere.
 */
export async function searchCustomers(db: DbOrTx, query: CustomerSearchQuery): Promise<CustomerSearch> {
  const match = matchOf(query.q);
  const [{ total }] = await db.select({ total: count() }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(and(match, isCustomer));
  const { offset, ...pagination } = paginate(query.page, total, query.limit);
  const select = (who: SQL) =>
    db
      .select({ u: users, role: profiles.role, planName: plans.name })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .leftJoin(plans, eq(plans.code, users.subscriptionPlan))
      .where(and(match, who))
      .orderBy(desc(users.createdAt), desc(users.id));
  const [rows, admins] = await Promise.all([select(isCustomer).limit(query.limit).offset(offset), select(isAdmin).limit(ADMINS_SHOWN)]);
  return {
    q: query.q,
    pagination,
    customers: rows.map(toRow),
    admins: admins.map(toRow),
  };
}
