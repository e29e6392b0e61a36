import { z } from 'zod';

/** The periods the admin overview offers (GET /admin/metrics?days=); the API takes any whole number up to `max`. */
export const METRICS_PERIOD = { choices: [7, 30, 90] as const, default: 30, max: 365 };

export const METRICS_DAYS_MESSAGE = `days must be a whole number of days from 1 to ${METRICS_PERIOD.max}`;

/** `?days=` as written in the address: digits only (no sign, no decimals, no repeated parameter), else refused. */
const daysFrom = (raw: unknown) => (raw === undefined || raw === '' ? undefined : typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN);

/** GET /admin/metrics: the period, the last `days` days (today included) in the site's zone. */
export const metricsQuery = z.object({
  days: z
    .preprocess(daysFrom, z.number({ error: METRICS_DAYS_MESSAGE }).int(METRICS_DAYS_MESSAGE).min(1, METRICS_DAYS_MESSAGE).max(METRICS_PERIOD.max, METRICS_DAYS_MESSAGE))
    .default(METRICS_PERIOD.default)
    .describe(`The period in days, today included (1 to ${METRICS_PERIOD.max}; ${METRICS_PERIOD.default} when absent).`),
});
export type MetricsQuery = z.input<typeof metricsQuery>;

export type { AdminMetrics, MetricsDay, PlanMetrics } from './responses/metrics';
