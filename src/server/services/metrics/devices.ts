import { sql } from 'drizzle-orm';
import { DEVICES, type PlanCode } from '#shared/constants';
import { compareVersions, versionParts } from '#shared/licence/app-version';
import type { DeviceMetrics, PlanMetrics, SeatMetrics } from '#shared/schemas/metrics';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { grantsAccessSql } from '../billing/subscriptions/entitlement-rules';

type Numeric = number | string | bigint | null;
const num = (v: Numeric) => (v === null ? 0 : Number(v));
const DAY_MS = 86_400_000;

/** What the device queries read, before the plans' figures are beside them. */
export type DeviceCounts = {
  active: number;
  cloneFlagged: number;
  versions: DeviceMetrics['versions'];
  /** Devices holding a seat, by their account's plan now. */
  byPlan: Map<string, number>;
  /** Accounts by their plan now (the same pick), whatever gives it: a payment, a lifetime order or a complimentary period. */
  accountsByPlan: Map<string, number>;
};

/** Newest first by version; what is not a version (an empty one from before refreshes reported it) last, by text. */
function newestFirst(a: string, b: string): number {
  const [va, vb] = [versionParts(a), versionParts(b)];
  if (va && vb) return compareVersions(b, a) || a.localeCompare(b);
  if (va || vb) return va ? -1 : 1;
  return a.localeCompare(b);
}

/**
 * The devices holding a seat now (not removed, seen within DEVICES.idleDays: services/licence/devices.ts holdsSeat),
 * read by last_seen_at (0210's index, which holds the account and version too), by version; per plan, each account's
 * devices counted once and its plan looked up once (the entitlement's rule: its latest subscription granting access,
 * else the trial, else none). The accounts on each plan by that same pick, so a complimentary period's account is
 * among the seats offered as its devices are among those used, and an account holding two plans counts once. The
 * clone-flagged devices not removed, by 0210's partial index.
 */
export async function readDeviceCounts(db: DbOrTx, now: Date): Promise<DeviceCounts> {
  const since = new Date(now.getTime() - DEVICES.idleDays * DAY_MS);
  const live = sql`d.removed_at is null and d.last_seen_at > ${since}`;
  const [versions, plans, accounts, [clones]] = await Promise.all([
    queryRows<{ app_version: string; n: Numeric }>(db, sql`select d.app_version, count(*) as n from devices d where ${live} group by d.app_version`),
    queryRows<{ plan: string; n: Numeric }>(
      db,
      sql`with held as (select d.user_id, count(*) as n from devices d where ${live} group by d.user_id)
          select coalesce(p.plan_code, case when u.is_email_verified and u.trial_expires > ${now} then 'trial' else 'none' end) as plan, sum(h.n) as n
          from held h join users u on u.id = h.user_id
          left join lateral (
            select s.plan_code from subscriptions s
            where s.user_id = h.user_id and s.status <> 'created' and ${grantsAccessSql(sql`s`, now)}
            order by s.created_at desc limit 1
          ) p on true
          group by 1`,
    ),
    queryRows<{ plan: string; n: Numeric }>(
      db,
      sql`select x.plan_code as plan, count(*) as n from (
            select distinct on (s.user_id) s.plan_code from subscriptions s
            where s.user_id is not null and s.status <> 'created' and ${grantsAccessSql(sql`s`, now)}
            order by s.user_id, s.created_at desc
          ) x group by 1`,
    ),
    queryRows<{ n: Numeric }>(db, sql`select count(*) as n from devices d where d.clone_flagged_at is not null and d.removed_at is null`),
  ]);
  const sorted = versions.map((v) => ({ appVersion: v.app_version, devices: num(v.n) })).sort((a, b) => newestFirst(a.appVersion, b.appVersion));
  return {
    active: sorted.reduce((total, v) => total + v.devices, 0),
    cloneFlagged: num(clones?.n ?? 0),
    versions: sorted,
    byPlan: new Map(plans.map((p) => [p.plan, num(p.n)])),
    accountsByPlan: new Map(accounts.map((a) => [a.plan, num(a.n)])),
  };
}

/** The overview's devices: the counts, and each plan's seats used against its limit × the accounts holding it. */
export function deviceMetrics(counts: DeviceCounts, plans: (Pick<PlanMetrics, 'code' | 'name'> & { deviceLimit: number })[], trialUsers: number): DeviceMetrics {
  const used = (plan: string) => counts.byPlan.get(plan) ?? 0;
  const seats: SeatMetrics[] = [
    ...plans.map((p) => ({
      plan: p.code as PlanCode,
      name: p.name,
      limit: p.deviceLimit,
      used: used(p.code),
      offered: p.deviceLimit * (counts.accountsByPlan.get(p.code) ?? 0),
    })),
    { plan: 'trial' as const, name: null, limit: DEVICES.trialLimit, used: used('trial'), offered: DEVICES.trialLimit * trialUsers },
  ];
  // Devices of accounts with neither a plan nor a trial still hold their seat until idle: shown only when there are some.
  if (used('none')) seats.push({ plan: 'none', name: null, limit: null, used: used('none'), offered: null });
  return { idleDays: DEVICES.idleDays, active: counts.active, cloneFlagged: counts.cloneFlagged, versions: counts.versions, seats };
}
