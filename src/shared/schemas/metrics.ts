import { z } from 'zod';
import { METRICS_DAYS_MESSAGE, METRICS_PERIOD } from '../metrics';

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

export { METRICS_DAYS_MESSAGE, METRICS_PERIOD };
export type { AdminMetrics, DeviceMetrics, MetricsDay, PlanMetrics, SeatMetrics } from './responses/metrics';
