import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { shortDate } from '#shared/dates';
import type { ActiveSession } from '#shared/schemas/account';
import type { DeviceDto } from '#shared/schemas/responses/devices';
import { security } from '#shared/endpoints/security';
import { call } from '#client/api/client';
import { useErrorText } from '#client/errors';
import { Spinner } from '#client/components/spinner';
import { authApi } from '../../auth/auth-api';
import { useAuth } from '../../auth/auth-context';
import { useDevices, useRemoveDevice } from '../devices/api';
import { DeviceRow } from '../devices/device-row';
import { useTimeZone } from '../../auth/use-time-zone';
import { deviceName } from './device-name';
import { SECURITY_LOG_KEY } from './security-log';
import { useStepUp } from './step-up';
import { FlashMessage } from './flash-message';
import { useFlash } from './use-flash';
import { timeAgo } from '../time-ago';
import { useLocale, useT } from '#client/i18n';

export const SESSIONS_KEY = ['auth-sessions'];

const DEVICE_ICONS = {
  web: 'M3 5h18v11H3zM8 20h8M12 16v4',
  desktop: 'M4 4h16v12H4zM2 20h20M9 16l-1 4M15 16l1 4',
};

function SessionRow({ s, onSignOut, busy }: { s: ActiveSession; onSignOut: () => void; busy: boolean }) {
  const zone = useTimeZone();
  const t = useT('account');
  const locale = useLocale();
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="session-row">
      <div className="flex items-start gap-3">
        <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-ink-800 text-ink-300" aria-hidden="true">
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7">
            <path d={DEVICE_ICONS[s.deviceType]} />
          </svg>
        </span>
        <div className="text-sm">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-ink-100">
            <span data-testid="session-device">{deviceName(s, t)}</span>
            <span className="rounded-full border border-ink-600 px-2 py-0.5 text-xs font-normal text-ink-300">{s.deviceType === 'web' ? t('deviceWeb') : t('deviceDesktop')}</span>
            {s.current && <span className="rounded-full border border-emerald-500/40 bg-emerald-500/10 px-2 py-0.5 text-xs font-normal text-emerald-300">{t('thisDevice')}</span>}
          </p>
          <p className="text-ink-400" data-testid="session-place">
            {s.place || t('unknownLocation')}
          </p>
          <p className="text-ink-400">
            {s.current ? t('activeNow') : t('lastSeen', { when: timeAgo(s.lastSeenAt, locale, t) })} · {t('signedInOn', { date: shortDate(s.createdAt, zone, locale) })}
          </p>
        </div>
      </div>
      {!s.current && (
        <button type="button" className="btn-secondary ml-12 self-start sm:ml-0 sm:self-center" onClick={onSignOut} disabled={busy}>
          {t('signOut')}
        </button>
      )}
    </li>
  );
}

/**
 * Where the account is signed in (issue 36): its sessions, this one first (the server's order), then the desktop
 * program's devices, in one list; sign out one, all others, or everywhere (this one too). Each is behind step-up.
 */
export function SessionsList() {
  const errorText = useErrorText();
  const qc = useQueryClient();
  const t = useT('account');
  const msg = useT('msg');
  const { logout } = useAuth();
  const [flash, show] = useFlash();
  const [confirmAll, setConfirmAll] = useState(false);
  const query = useQuery({ queryKey: SESSIONS_KEY, queryFn: () => authApi.sessions().then((d) => d.sessions) });
  const devices = useDevices();
  const removeDevice = useRemoveDevice();
  // Ending a session needs a fresh check (step-up, decision 192): "Confirm it's you" opens here, then it goes on.
  const stepUp = useStepUp((err) => show('error', errorText(err, msg('signOutSessionFailed'))));
  const busy = stepUp.busy;

  /** Signs out and says so with the screen's own text (the API's message is for API clients). */
  const act = (fn: () => Promise<unknown>, done: 'sessionSignedOut' | 'otherSessionsSignedOut') =>
    stepUp.act(async () => {
      await fn();
      show('success', { msg: done });
      await qc.invalidateQueries({ queryKey: SESSIONS_KEY });
      await qc.invalidateQueries({ queryKey: SECURITY_LOG_KEY });
    });
  const removeOne = (d: DeviceDto) =>
    stepUp.act(async () => {
      await removeDevice.mutateAsync(d.id);
      show('success', t('deviceRemoved', { name: d.name }));
      await qc.invalidateQueries({ queryKey: SECURITY_LOG_KEY });
    });
  // Every session ends, this one too: what is left here is to forget it and go home.
  const everywhere = () =>
    stepUp.act(async () => {
      await call(security.signOutEverywhere);
      await logout();
    });

  if (query.isPending) return <Spinner label={t('loadingSessions')} />;
  if (query.isError) {
    return (
      <div role="alert" className="text-sm text-red-300">
        {errorText(query.error, msg('sessionsFailed'))}{' '}
        <button type="button" className="text-accent-300 hover:underline" onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const others = query.data.filter((s) => !s.current);
  const computers = (devices.data?.devices ?? []).filter((d) => d.removedAt === null);
  return (
    <div className="space-y-4">
      {stepUp.form}
      <ul className="divide-y divide-ink-800" aria-label={t('activeSessions')}>
        {query.data.map((s) => (
          <SessionRow key={s.id} s={s} busy={busy} onSignOut={() => void act(() => authApi.signOutSession(s.id), 'sessionSignedOut')} />
        ))}
        {computers.map((d) => (
          <DeviceRow key={d.id} d={d} busy={busy} onRemove={() => void removeOne(d)} />
        ))}
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        {others.length > 0 && (
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => void act(() => authApi.signOutOthers(), 'otherSessionsSignedOut')}>
            {t('signOutOthers')}
          </button>
        )}
        {!confirmAll && (
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => setConfirmAll(true)}>
            {t('signOutEverywhere')}
          </button>
        )}
        <div className="flex-1">
          <FlashMessage flash={flash} />
        </div>
      </div>
      {confirmAll && (
        <div className="space-y-3 rounded-lg border border-amber-500/40 bg-amber-950/30 p-4" data-testid="sign-out-everywhere">
          <p className="text-sm text-ink-200">{t('signOutEverywhereAsk')}</p>
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-danger" disabled={busy} onClick={() => void everywhere()}>
              {t('signOutEverywhereYes')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setConfirmAll(false)}>
              {t('cancel')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
