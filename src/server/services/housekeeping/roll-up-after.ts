import { USAGE_REPORTS } from '#shared/schemas/account';

/**
 * After how many days housekeeping rolls rows up into a count a day (roll-up.ts). Downloads: 2 days; a row's keyed
 * hash of the address serves only to count an hour once (decision 105), and the counts live on in download_days.
 * Usage reports: 7 days, the longest a report may be dated back (decision 106); the admin customer page reads the
 * roll-up and the recent rows, and each account's latest reports, which the dashboard lists, stay as they are.
 */
export const ROLL_UP_AFTER_DAYS = { downloads: 2, usageEvents: USAGE_REPORTS.backdateDays } as const;
