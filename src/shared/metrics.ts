/**
 * The admin overview's periods (GET /admin/metrics?days=): the choices the page offers and the API's bounds. A module
 * of its own, free of zod, so the overview's chunk takes these numbers without the request schema.
 */
export const METRICS_PERIOD = { choices: [7, 30, 90] as const, default: 30, max: 365 };

export const METRICS_DAYS_MESSAGE = `days must be a whole number of days from 1 to ${METRICS_PERIOD.max}`;
