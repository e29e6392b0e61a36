import { and, asc, eq, or } from 'drizzle-orm';
import type { PlanCode, PlanInterval } from '#shared/constants';
import type { Locale } from '#shared/i18n/locales';
import type { PlanDto } from '#shared/schemas/billing';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import { plans, type PlanRow } from '#server/db/schema';
import { createCache, type Cache } from '#server/lib/cache';
import { ok } from '#server/lib/http';
import { storeJson, type StoredAnswer } from '#server/lib/stored-answer';
import { plansIn } from './plan-texts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toPlanDto = (p: PlanRow): PlanDto => ({
  id: p.id,
  code: p.code as PlanCode,
  name: p.name,
  amount: p.amountPaise,
  currency: p.currency,
  interval: p.interval as PlanInterval,
  description: p.description,
  features: p.features,
  popular: p.popular,
  deviceLimit: p.deviceLimit,
});

/** The plans on sale, in the order the product shows them. */
export async function listPlans(db: DbOrTx): Promise<PlanDto[]> {
  const rows = await db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sortOrder), asc(plans.amountPaise));
  return rows.map(toPlanDto);
}

/**
 * How long one instance may answer the public plan list from memory. Plans change only with a deploy (seed or
 * migration), so a price change shows on every instance within this bound; the list a signed-in buyer checks
 * out against (GET /subscriptions/plans, findActivePlan) is always read fresh.
 */
export const PUBLIC_PLANS_TTL_MS = 30_000;

/**
 * The public plan list as kept: the English list as read, and each other language's (decision 096), made from it the
 * first time that language is asked for; and the API's answer in each language, written once (its JSON, ETag and
 * compressed forms, lib/stored-answer.ts). One entry: a language's list and answer go with the list they were made from.
 */
export type PublicPlans = { plans: PlanDto[]; translated: Map<Locale, Promise<PlanDto[]>>; answers: Map<Locale, Promise<StoredAnswer>> };

/** The app's cache of the public plan list (made once by composition.ts; `now` is the tests' clock). */
export const createPublicPlansCache = (now?: () => number): Cache<PublicPlans> => createCache<PublicPlans>({ maxEntries: 1, ttlMs: PUBLIC_PLANS_TTL_MS, now });

/**
 * The plans on sale for the landing page in a language, kept in memory for at most PUBLIC_PLANS_TTL_MS with the
 * English list they are made from. A failed read or translation is not kept.
 */
export async function listPublicPlans(ctx: Pick<AppContext, 'db' | 'caches'>, locale: Locale = 'en'): Promise<PlanDto[]> {
  return plansOf(await keptPlans(ctx), locale);
}

/**
 * The answer of GET /subscriptions/plans/public in a language, written once per kept list: a request sends the kept
 * bytes (compressed when accepted, 304 when the ETag is held), as the public blog answers are sent.
 */
export async function publicPlansAnswer(ctx: Pick<AppContext, 'db' | 'caches'>, locale: Locale = 'en'): Promise<StoredAnswer> {
  const kept = await keptPlans(ctx);
  return keptIn(kept.answers, locale, async () => storeJson(ok({ plans: await plansOf(kept, locale) })));
}

const keptPlans = (ctx: Pick<AppContext, 'db' | 'caches'>): Promise<PublicPlans> =>
  ctx.caches.publicPlans.remember('plans', async () => ({ plans: await listPlans(ctx.db), translated: new Map(), answers: new Map() }));

/** The kept list in a language: English as read, another made from it once. */
const plansOf = async (kept: PublicPlans, locale: Locale): Promise<PlanDto[]> =>
  locale === 'en' ? kept.plans : keptIn(kept.translated, locale, () => plansIn(kept.plans, locale));

/** A language's value kept beside the list, made on first use; one that fails is not kept. */
function keptIn<T>(byLocale: Map<Locale, Promise<T>>, locale: Locale, make: () => Promise<T>): Promise<T> {
  let value = byLocale.get(locale);
  if (!value) {
    value = make();
    byLocale.set(locale, value);
    value.catch(() => byLocale.delete(locale));
  }
  return value;
}

/** A plan on sale by its id or its code (the spec's client sends both). */
export async function findActivePlan(db: DbOrTx, idOrCode: string): Promise<PlanRow | null> {
  const match = UUID.test(idOrCode) ? or(eq(plans.id, idOrCode), eq(plans.code, idOrCode)) : eq(plans.code, idOrCode);
  const [row] = await db
    .select()
    .from(plans)
    .where(and(match, eq(plans.active, true)));
  return row ?? null;
}
