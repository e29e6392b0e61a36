import { Link } from '#client/components/router';
import { ADMIN_ACTIONS } from '#shared/admin-actions';
import { dateTime, type TimeZone } from '#shared/dates';
import { formatMoney } from '#shared/money';
import type { AuditEntry } from '#shared/schemas/responses/admin-audit';

const sortKey = (key: string) => key.replace(/Before$/, '\u0001').replace(/After$/, '\u0002');

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** "trialExpiresAfter" → "Trial expires after"; "amountPaise" → "Amount" (its value is shown in rupees). */
const words = (key: string) =>
  key
    .replace(/Paise$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])/g, (_, c: string) => ` ${c.toLowerCase()}`);

function valueOf(key: string, value: unknown, zone: TimeZone): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && /paise$/i.test(key)) return formatMoney(value);
  if (typeof value === 'string' && ISO.test(value)) return dateTime(value, zone);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The audit rows, newest first: when, what, who, on whom, why, and what changed. */
export function AuditEntries({ entries, zone, showTarget = true }: { entries: AuditEntry[]; zone: TimeZone; showTarget?: boolean }) {
  return (
    <ol className="divide-y divide-ink-800 rounded-2xl border border-ink-700 bg-ink-900" data-testid="audit-entries">
      {entries.map((e) => {
        // jsonb keeps keys in its own order: show each "…Before" ahead of its "…After".
        const details = Object.entries(e.details)
          .filter(([key]) => !/Id$/.test(key) || key === 'subscriptionId')
          .sort(([a], [b]) => (sortKey(a) < sortKey(b) ? -1 : 1));
        return (
          <li key={e.id} className="p-4 sm:p-5" data-testid="audit-entry" data-action={e.action}>
            <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <p className="font-medium text-ink-100">
                {ADMIN_ACTIONS[e.action].label}
                {showTarget && e.target && (
                  <>
                    {' '}
                    <span className="text-ink-400">for</span>{' '}
                    {e.target.email ? (
                      <Link
                        to={`/admin/customers/${e.target.id}`}
                        className="break-all text-accent-300 underline decoration-accent-300/40 underline-offset-2 hover:decoration-accent-300"
                      >
                        {e.target.email}
                      </Link>
                    ) : (
                      <span className="text-ink-400">a deleted account</span>
                    )}
                  </>
                )}
              </p>
              <time dateTime={e.createdAt} className="shrink-0 text-sm tabular-nums text-ink-400">
                {dateTime(e.createdAt, zone)}
              </time>
            </div>
            <p className="mt-1 text-sm text-ink-400">
              By <span className="break-all text-ink-300">{e.admin.email}</span>
            </p>
            {e.reason && <p className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-ink-850 px-3 py-2 text-sm text-ink-200">“{e.reason}”</p>}
            {details.length > 0 && (
              <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-xs text-ink-400">
                {details.map(([key, value]) => (
                  <div key={key} className="flex gap-1.5">
                    <dt>{words(key)}:</dt>
                    <dd className="break-all text-ink-300">{valueOf(key, value, zone)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        );
      })}
    </ol>
  );
}
