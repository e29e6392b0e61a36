import { z } from 'zod';
import { PLAN_CODES, PLAN_INTERVALS } from '../../constants';
import { isoTime } from './envelope';

const paise = (what: string) => z.number().int().describe(`${what}, in paise (integer; 100 paise = ₹1)`);
const count = (what: string) => z.number().int().min(0).describe(what);

/** One day of the period, in the site's zone. */
export const metricsDaySchema = z
  .object({
    date: z.string().describe('The day, YYYY-MM-DD in the site’s zone'),
    signups: count('Accounts created that day'),
    revenue: paise('Payments received that day, recurring and one-time'),
    oneTimeRevenue: paise('The part of `revenue` paid for the lifetime plan'),
    refunds: paise('Refunds made that day'),
    cancellations: count(
      'Churn that day: plans the customer cancelled, refunded, ended by an admin, or lost to a failed renewal (decision 122); a plan replaced by another is not counted',
    ),
    downloads: count('Installer downloads that day'),
  })
  .meta({ id: 'MetricsDay' });
export type MetricsDay = z.infer<typeof metricsDaySchema>;

/** A plan and how many hold it now. */
export const planMetricsSchema = z
  .object({
    code: z.enum(PLAN_CODES),
    name: z.string(),
    interval: z.enum(PLAN_INTERVALS),
    active: count('Subscriptions (or lifetime purchases) that give access now'),
    mrr: paise('What the plan’s renewing subscriptions bring a month; null for the lifetime plan, which is one-time revenue').nullable(),
  })
  .meta({ id: 'PlanMetrics' });
export type PlanMetrics = z.infer<typeof planMetricsSchema>;

/** The devices of one kind of account now, against the seats that kind of account is given. */
export const seatMetricsSchema = z
  .object({
    plan: z
      .union([z.enum(PLAN_CODES), z.literal('trial'), z.literal('none')])
      .describe('The plan the devices’ accounts hold now; `trial` on a trial, `none` with neither (their next refresh is refused)'),
    name: z.string().nullable().describe('The plan’s name; null for the trial and for none'),
    limit: z.number().int().nullable().describe('Devices the plan allows each account; null for none'),
    used: count('Devices holding a seat on accounts of this plan'),
    offered: z
      .number()
      .int()
      .nullable()
      .describe('`limit` × the accounts whose plan it is now (paid, lifetime or complimentary, each account once), or × the trials running; null for none'),
  })
  .meta({ id: 'SeatMetrics' });
export type SeatMetrics = z.infer<typeof seatMetricsSchema>;

/** The desktop program's devices now (decisions 184 and 188). */
export const deviceMetricsSchema = z
  .object({
    idleDays: z.number().int().describe('A device holds a seat while not removed and seen within this many days'),
    active: count('Devices holding a seat'),
    cloneFlagged: count('Devices not removed whose install id also came from other hardware (a copied installation)'),
    versions: z
      .array(z.object({ appVersion: z.string().describe('As the program last reported it'), devices: count('Devices holding a seat on that version') }))
      .describe('The program versions of the devices holding a seat, newest first'),
    seats: z.array(seatMetricsSchema).describe('Every plan in the order of the plan list, then the trial, then devices of accounts with neither'),
  })
  .meta({ id: 'DeviceMetrics' });
export type DeviceMetrics = z.infer<typeof deviceMetricsSchema>;

/** GET /admin/metrics: the business at a glance (decision 079 defines each figure). */
export const adminMetricsSchema = z
  .object({
    days: z.number().int().describe('The period in days, today included'),
    from: isoTime.describe('Start of the first day of the period (midnight in the site’s zone)'),
    to: isoTime.describe('When the figures were read'),
    timeZone: z.string().describe('The zone the days are counted in'),
    currency: z.string(),
    mrr: paise('Monthly recurring revenue now: each renewing subscription’s price normalised to a month (week × 52 / 12, year / 12)'),
    activeSubscriptions: count('Recurring subscriptions that give access now'),
    lifetimeCustomers: count('Accounts holding the lifetime plan'),
    trialUsers: count('Accounts whose trial is running now and that hold no paid plan'),
    plans: z.array(planMetricsSchema).describe('Every plan, in the order of the plan list'),
    totals: z
      .object({
        signups: count('Accounts created in the period'),
        trialsStarted: count('Trials that started in the period'),
        trialConversions: count('Of those, accounts that have paid since their trial started'),
        trialConversionRate: z.number().min(0).max(1).nullable().describe('trialConversions / trialsStarted; null when no trial started'),
        revenue: paise('Payments received in the period'),
        oneTimeRevenue: paise('The part of `revenue` paid for the lifetime plan'),
        refunds: paise('Refunds made in the period'),
        cancellations: count('Churn in the period (as `MetricsDay.cancellations`)'),
        cancellationsByReason: z
          .object({
            customerCancelled: count('The customer turned autopay off, or cancelled at Razorpay'),
            refunded: count('Ended by a full refund'),
            adminEnded: count('Cancelled or ended by an admin'),
            paymentFailed: count('Ran out after a renewal that was not paid'),
          })
          .describe('`cancellations` by why the plan ended'),
        downloads: count('Installer downloads in the period'),
      })
      .describe('The period’s sums'),
    series: z.array(metricsDaySchema).describe('One entry a day, oldest first, `days` entries'),
    devices: deviceMetricsSchema.describe('The desktop program’s devices now: the ones in use, their versions (from refreshes) and the seats used per plan'),
  })
  .meta({ id: 'AdminMetrics' });
export type AdminMetrics = z.infer<typeof adminMetricsSchema>;
