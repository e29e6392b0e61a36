import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { dateTimeWithZone, longDate, userTimeZone } from '#shared/dates';
import { formatMoney } from '#shared/money';
import { enqueueMail } from './outbox';
import { planNoticeMail, type PlanNotice } from './templates/plan-notice';
import { loadMailTexts, mailLocale } from './texts';

/** The facts of a plan notice (decision 123), with dates as instants and prices in paise: written here for the account. */
export type PlanNoticeFacts =
  | { kind: 'cancelled'; planName: string; until: Date; byTeam: boolean }
  | { kind: 'ended'; planName: string; on: Date }
  | { kind: 'complimentary'; planName: string; days: number; until: Date }
  | { kind: 'trialExtended'; days: number; until: Date }
  | { kind: 'planChange'; planName: string; newPlanName: string; amountPaise: number; currency: string; interval: string; at: Date };

type Account = Pick<UserRow, 'email' | 'firstName' | 'timezone' | 'language' | 'isEmailVerified'>;

/**
 * Queues the mail that tells a customer what changed in their plan or trial (decision 123), in the transaction that
 * made the change, in the account's language and time zone. An account whose address is not verified gets none.
 */
export async function enqueuePlanNotice(tx: DbOrTx, config: Pick<Config, 'publicUrl'>, account: Account, facts: PlanNoticeFacts): Promise<void> {
  if (!account.isEmailVerified) return;
  const locale = mailLocale(account.language);
  await loadMailTexts(locale);
  const zone = userTimeZone(account.timezone);
  const when = (at: Date) => dateTimeWithZone(at, zone, locale);
  let notice: PlanNotice;
  switch (facts.kind) {
    case 'cancelled':
    case 'complimentary':
    case 'trialExtended':
      notice = { ...facts, until: when(facts.until) };
      break;
    case 'ended':
      notice = { ...facts, on: longDate(facts.on, zone, locale) };
      break;
    case 'planChange':
      notice = {
        kind: 'planChange',
        planName: facts.planName,
        newPlanName: facts.newPlanName,
        price: formatMoney(facts.amountPaise, facts.currency, locale),
        interval: facts.interval,
        at: when(facts.at),
      };
      break;
  }
  const mail = planNoticeMail({ firstName: account.firstName, billingUrl: `${config.publicUrl}/billing`, notice }, locale);
  await enqueueMail(tx, { kind: `plan-${facts.kind === 'trialExtended' ? 'trial-extended' : facts.kind === 'planChange' ? 'change' : facts.kind}`, to: account.email, ...mail });
}
