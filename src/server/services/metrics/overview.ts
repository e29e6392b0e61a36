import { sql, type SQL } from 'drizzle-orm';
import { CHURN_REASONS, LIVE_SUBSCRIPTION_STATUSES, PLAN_CODES, type ChurnReason, type PlanCode, type PlanInterval } from '#shared/constants';
import { addDays, dayKey, SITE_TIME_ZONE, startOfDay, type TimeZone } from '#shared/dates';
import type { AdminMetrics, MetricsDay, PlanMetrics } from '#shared/schemas/metrics';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { grantsAccessSql } from '../billing/subscriptions/entitlement-rules';
import { deviceMetrics, readDeviceCounts } from './devices';

type Numeric = number | string | bigint | null;
/** Counts and sums arrive as bigint or numeric text (node-postgres) or as numbers (PGlite). */
const num = (v: Numeric) => (v === null ? 0 : Number(v));

type DayRow = { d: string } & Record<string, Numeric>;

/**
 * A figure per day of the period: the rows of `table` whose `column` falls in it, summed by `values` per calendar day in
 * the zone (grouped by date, then the few groups written as YYYY-MM-DD).
 */
async function perDay(db: DbOrTx, zone: TimeZone, table: SQL, column: SQL, values: SQL, where: SQL, from: Date, now: Date): Promise<DayRow[]> {
  return queryRows<DayRow>(
    db,
    sql`select to_char(g.day, 'YYYY-MM-DD') as d, g.*
        from (select (${column} at time zone ${zone})::date as day, ${values}
              from ${table}
              where ${column} >= ${from} and ${column} <= ${now} and ${where}
              group by 1) g`,
  );
}

const LIVE = sql.join(
  LIVE_SUBSCRIPTION_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * What one renewing subscription brings a month, in paise (decision 079): a week's price × 52 / 12, a month's as it is,
 * a year's / 12. Renewing: Razorpay will charge it again (a live status, no cancellation at the end of the period).
 */
const MONTHLY = sql`case when s.kind = 'subscription' and s.status in (${LIVE}) and not s.cancel_at_period_end then
    case s.interval when 'week' then s.amount_paise * 52.0 / 12 when 'month' then s.amount_paise::numeric when 'year' then s.amount_paise / 12.0 else 0 end
  else 0 end`;

/**
 * The admin overview (GET /admin/metrics): the business now (MRR, subscriptions by plan, trials running, lifetime
 * holders) and each day of the last `days` days in the site's zone (sign-ups, revenue, refunds, cancellations,
 * downloads), and the desktop program's devices now (decision 188). Each figure is one indexed query (0110, 0210); the
 * definitions are decision 079's.
 */
export async function readMetrics(db: DbOrTx, days: number, now = new Date(), zone: TimeZone = SITE_TIME_ZONE): Promise<AdminMetrics> {
  const first = addDays(dayKey(now, zone), 1 - days);
  const from = startOfDay(first, zone);
  const dates = Array.from({ length: days }, (_, i) => addDays(first, i));
  const access = grantsAccessSql(sql`s`, now);

  const [planRows, holders, [trials], [cohort], signups, revenue, cancellations, downloads, refunds, rolledDownloads, deviceCounts] = await Promise.all([
    queryRows<{ code: string; name: string; interval: string; device_limit: Numeric }>(db, sql`select code, name, interval, device_limit from plans order by sort_order, code`),
    queryRows<{ plan_code: string; active: Numeric; mrr: Numeric }>(
      db,
      sql`select s.plan_code, count(*) as active, round(coalesce(sum(${MONTHLY}), 0)) as mrr
          from subscriptions s
          where s.user_id is not null and s.kind in ('subscription', 'order') and ${access}
          group by s.plan_code`,
    ),
    queryRows<{ n: Numeric }>(
      db,
      sql`select count(*) as n from users u
          where u.is_email_verified and u.trial_expires > ${now}
            and not exists (select 1 from subscriptions s where s.user_id = u.id and ${access})`,
    ),
    // The trials that started in the period, and which of their accounts paid since: the payments can only be in the
    // period too, so both sides are read by time and joined, not looked up account by account.
    queryRows<{ started: Numeric; converted: Numeric }>(
      db,
      sql`with started as (
            select u.id, u.email_verified_at from users u
            where u.is_email_verified and u.email_verified_at >= ${from} and u.email_verified_at <= ${now}
              and u.trial_expires > u.email_verified_at
          ), paid as (
            select distinct p.user_id from payments p join started s on s.id = p.user_id
            where p.paid_at >= ${from} and p.paid_at <= ${now} and p.amount_paid_paise > 0 and p.paid_at >= s.email_verified_at
          )
          select (select count(*) from started) as started, (select count(*) from paid) as converted`,
    ),
    // Sign-ups are customers': an administrator's account is not one (decision 079).
    perDay(db, zone, sql`users`, sql`created_at`, sql`count(*) as n`, sql`not exists (select 1 from profiles pr where pr.id = users.id and pr.role = 'admin')`, from, now),
    perDay(
      db,
      zone,
      sql`payments p left join subscriptions s on s.id = p.subscription_id`,
      sql`p.paid_at`,
      sql`sum(p.amount_paid_paise) as total, sum(case when s.kind = 'order' then p.amount_paid_paise else 0 end) as one_time`,
      sql`p.amount_paid_paise > 0`,
      from,
      now,
    ),
    // Churn only (decision 122): by the reason recorded when the plan ended, on the day that was decided.
    perDay(
      db,
      zone,
      sql`subscriptions`,
      sql`end_reason_at`,
      sql.join([sql`count(*) as n`, ...CHURN_REASONS.map((r) => sql`count(*) filter (where end_reason = ${r}) as ${sql.identifier(r)}`)], sql`, `),
      sql`end_reason in ${CHURN_REASONS}`,
      from,
      now,
    ),
    // Downloads: the rows of the last days, plus the older ones housekeeping rolled up into a count a day (decision 105).
    perDay(db, zone, sql`downloads`, sql`created_at`, sql`count(*) as n`, sql`true`, from, now),
    // A refund counts on the day it was asked for (in the admin area or Razorpay's dashboard), unless Razorpay failed it.
    perDay(db, zone, sql`refunds`, sql`created_at`, sql`sum(amount_paise) as total`, sql`status <> 'failed'`, from, now),
    // The roll-up's days are the site's zone's, as the overview's (decision 079).
    queryRows<DayRow>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as d, sum(downloads) as n from download_days
          where day >= ${first}::date and day <= ${dayKey(now, zone)}::date group by day`,
    ),
    readDeviceCounts(db, now),
  ]);

  const held = new Map(holders.map((h) => [h.plan_code, h]));
  const plans: (PlanMetrics & { deviceLimit: number })[] = planRows
    .filter((p): p is typeof p & { code: PlanCode } => (PLAN_CODES as readonly string[]).includes(p.code))
    .map((p) => {
      const h = held.get(p.code);
      const lifetime = p.interval === 'lifetime';
      return {
        code: p.code,
        name: p.name,
        interval: p.interval as PlanInterval,
        active: num(h?.active ?? 0),
        mrr: lifetime ? null : num(h?.mrr ?? 0),
        deviceLimit: num(p.device_limit),
      };
    });

  const byDay = (rows: DayRow[]) => new Map(rows.map((r) => [r.d, r]));
  const [s, r, c, dl, rf, rdl] = [signups, revenue, cancellations, downloads, refunds, rolledDownloads].map(byDay);
  const series: MetricsDay[] = dates.map((date) => ({
    date,
    signups: num(s.get(date)?.n ?? 0),
    revenue: num(r.get(date)?.total ?? 0),
    oneTimeRevenue: num(r.get(date)?.one_time ?? 0),
    refunds: num(rf.get(date)?.total ?? 0),
    cancellations: num(c.get(date)?.n ?? 0),
    downloads: num(dl.get(date)?.n ?? 0) + num(rdl.get(date)?.n ?? 0),
  }));
  const sum = (key: keyof Omit<MetricsDay, 'date'>) => series.reduce((total, day) => total + day[key], 0);
  const churn = (reason: ChurnReason) => cancellations.reduce((total, day) => total + num(day[reason] ?? 0), 0);

  const trialsStarted = num(cohort.started);
  const trialConversions = num(cohort.converted);
  const recurring = plans.filter((p) => p.mrr !== null);
  return {
    days,
    from: from.toISOString(),
    to: now.toISOString(),
    timeZone: zone,
    currency: 'INR',
    mrr: recurring.reduce((total, p) => total + (p.mrr ?? 0), 0),
    activeSubscriptions: recurring.reduce((total, p) => total + p.active, 0),
    lifetimeCustomers: plans.filter((p) => p.mrr === null).reduce((total, p) => total + p.active, 0),
    trialUsers: num(trials.n),
    plans: plans.map(({ deviceLimit: _, ...p }) => p),
    totals: {
      signups: sum('signups'),
      trialsStarted,
      trialConversions,
      trialConversionRate: trialsStarted ? trialConversions / trialsStarted : null,
      revenue: sum('revenue'),
      oneTimeRevenue: sum('oneTimeRevenue'),
      refunds: sum('refunds'),
      cancellations: sum('cancellations'),
      cancellationsByReason: {
        customerCancelled: churn('customer_cancelled'),
        refunded: churn('refunded'),
        adminEnded: churn('admin_ended'),
        paymentFailed: churn('payment_failed'),
      },
      downloads: sum('downloads'),
    },
    series,
    devices: deviceMetrics(deviceCounts, plans, num(trials.n)),
  };
}
