import { useState } from 'react';
import { dateTime, shortDate } from '#shared/dates';
import type { DeviceDto } from '#shared/schemas/responses/devices';
import { timeAgo } from '../time-ago';
import { useTimeZone } from '../../auth/use-time-zone';
import { useLocale, useT } from '#client/i18n';

/** A computer with its stand: the desktop program's devices. */
export const DEVICE_ICON = 'M4 4h16v12H4zM2 20h20M9 16l-1 4M15 16l1 4';

/** One device: name, system and app version, place, last seen (relative, and the exact time in the user's zone), its seat; Remove with a confirm step. */
export function DeviceRow({ d, busy, onRemove }: { d: DeviceDto; busy: boolean; onRemove: () => void }) {
  const t = useT('account');
  const locale = useLocale();
  const zone = useTimeZone();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="py-4" data-testid="device-row">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-ink-800 text-ink-300" aria-hidden="true">
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7">
              <path d={DEVICE_ICON} />
            </svg>
          </span>
          <div className="min-w-0 text-sm">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-ink-100">
              <span className="break-words" data-testid="device-name">
                {d.name}
              </span>
              {d.holdsSeat ? (
                <span className="rounded-full border border-emerald-500/40 bg-emerald-500/10 px-2 py-0.5 text-xs font-normal text-emerald-300">{t('deviceSeat')}</span>
              ) : (
                <span className="rounded-full border border-ink-600 px-2 py-0.5 text-xs font-normal text-ink-300">{t('deviceNoSeat')}</span>
              )}
            </p>
            <p className="text-ink-300" data-testid="device-system">
              {d.os} · {t('deviceApp', { version: d.appVersion })}
            </p>
            <p className="text-ink-400" data-testid="device-place">
              {d.place || t('unknownLocation')}
            </p>
            <p className="text-ink-400" data-testid="device-last-seen">
              <time dateTime={d.lastSeenAt}>{t('deviceLastSeenAt', { when: timeAgo(d.lastSeenAt, locale, t), date: dateTime(d.lastSeenAt, zone, locale) })}</time>
              {' · '}
              {t('deviceAdded', { date: shortDate(d.createdAt, zone, locale) })}
            </p>
          </div>
        </div>
        {!confirming && (
          <button type="button" className="btn-secondary ml-12 shrink-0 self-start sm:ml-0" onClick={() => setConfirming(true)} disabled={busy}>
            {t('deviceRemove')}
            <span className="sr-only"> {d.name}</span>
          </button>
        )}
      </div>
      {confirming && (
        <div role="group" aria-label={t('deviceRemove')} className="mt-3 rounded-xl border border-red-500/30 bg-red-500/5 p-4 text-sm sm:ml-12">
          <p className="text-ink-200">{t('deviceRemoveConfirm', { name: d.name })}</p>
          <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {t('deviceKeep')}
            </button>
            <button type="button" className="btn-danger" onClick={onRemove} disabled={busy}>
              {t('deviceRemoveYes')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
