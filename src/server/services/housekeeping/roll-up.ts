import { sql, type SQL } from 'drizzle-orm';
import { SITE_TIME_ZONE } from '#shared/dates';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { RECENT_USAGE_LIMIT } from '../users/dashboard';
import { ROLL_UP_AFTER_DAYS } from './roll-up-after';

const DAY_MS = 86_400_000;
/** Rows per statement, so no statement holds its locks for long; and statements per table per run. */
const BATCH = 1000;
const MAX_BATCHES = 50;

export type RollUpCounts = { downloads: number; usageEvents: number };

/**
 * Moves rows into their daily counts, a batch at a time: the rows `pick` chooses are deleted and, in the same
 * statement, added to the roll-up `into` builds from them (`gone`). A row two instances both pick is deleted by one;
 * the other's delete finds it gone and adds nothing, so nothing is counted twice. Nothing picked, nothing is written
 * (the delete's statement trigger of usage_events would make every instance forget its kept reads).
 */
async function rollUp(db: Db, table: SQL, pick: SQL, returning: SQL, into: SQL): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const ids = (await queryRows<{ id: string }>(db, sql`${pick} limit ${BATCH}`)).map((r) => r.id);
    if (!ids.length) break;
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`with gone as (delete from ${table} where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) returning ${returning}),
          rolled as (${into})
          select count(*)::int as n from gone`,
    );
    total += row?.n ?? 0;
    if (ids.length < BATCH) break;
  }
  return total;
}

/**
 * Rolls old rows up into a count a day in the site's zone (the days of the admin overview, decision 079), so the
 * figures read the same after as before: downloads into download_days (decision 105), usage reports into usage_days,
 * each account's latest RECENT_USAGE_LIMIT reports kept as they are for the dashboard (decision 106).
 */
export async function rollUpOldRows(db: Db, now = new Date()): Promise<RollUpCounts> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const zone = SITE_TIME_ZONE;
  const downloads = await rollUp(
    db,
    sql`downloads`,
    sql`select id::text as id from downloads where created_at < ${before(ROLL_UP_AFTER_DAYS.downloads)} order by created_at`,
    sql`created_at, platform, user_agent`,
    sql`insert into download_days (day, platform, user_agent, downloads)
        select (created_at at time zone ${zone})::date, platform, user_agent, count(*) from gone group by 1, 2, 3
        on conflict (day, platform, user_agent) do update set downloads = download_days.downloads + excluded.downloads`,
  );
  const usageEvents = await rollUp(
    db,
    sql`usage_events`,
    // Past the cut, and not among the account's latest reports (the dashboard's order: newest date, then id).
    sql`select e.id::text as id from usage_events e
        where e.usage_date < ${before(ROLL_UP_AFTER_DAYS.usageEvents)}
          and (select count(*) from (select 1 from usage_events n
                                     where n.user_id = e.user_id and (n.usage_date, n.id) > (e.usage_date, e.id)
                                     limit ${RECENT_USAGE_LIMIT}) newer) >= ${RECENT_USAGE_LIMIT}
        order by e.usage_date`,
    sql`user_id, feature, quantity, usage_date`,
    sql`insert into usage_days (user_id, day, feature, events, quantity, last_used_at)
        select user_id, (usage_date at time zone ${zone})::date, feature, count(*), sum(quantity), max(usage_date) from gone group by 1, 2, 3
        on conflict (user_id, day, feature) do update set events = usage_days.events + excluded.events,
          quantity = usage_days.quantity + excluded.quantity, last_used_at = greatest(usage_days.last_used_at, excluded.last_used_at)`,
  );
  return { downloads, usageEvents };
}
