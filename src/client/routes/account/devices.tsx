import { useState } from 'react';
import { DEVICES } from '#shared/constants';
import type { DeviceDto } from '#shared/schemas/responses/devices';
import { useErrorText } from '#client/errors';
import { Link } from '../../components/router';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { useDevices, useRemoveDevice } from '../../features/account/devices/api';
import { DEVICE_ICON, DeviceRow } from '../../features/account/devices/device-row';
import { useStepUp } from '../../features/account/settings/step-up';
import { useT } from '../../i18n';

/** The seats in use out of the plan's, as a bar and "2 of 3 devices"; without a plan or trial, why no device can be activated. */
function Seats({ inUse, limit }: { inUse: number; limit: number }) {
  const t = useT('account');
  if (limit === 0) {
    return (
      <p className="rounded-xl border border-amber-500/30 bg-amber-500/5 px-4 py-3 text-sm text-amber-100" data-testid="device-seats">
        {t('seatsNone')}
      </p>
    );
  }
  return (
    <div className="card max-sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-ink-400">{t('seatsLabel')}</p>
        <p className="text-lg font-semibold text-ink-100" data-testid="device-seats">
          {t('seatsInUse', { inUse, limit })}
        </p>
      </div>
      {/* One mark per seat, filled for each held (no inline style: the CSP allows none). */}
      <div className="mt-3 flex gap-1.5" aria-hidden="true">
        {Array.from({ length: limit }, (_, i) => (
          <span key={i} className={`h-2 flex-1 rounded-full ${i < inUse ? (inUse >= limit ? 'bg-amber-400' : 'bg-accent-500') : 'bg-ink-800'}`} />
        ))}
      </div>
      <p className="mt-3 text-xs text-ink-400">{t('seatsIdle', { days: DEVICES.idleDays })}</p>
    </div>
  );
}

/** /devices: the computers the desktop program is activated on, the seats they hold, and their removal (decision 184). */
export function DevicesPage() {
  const t = useT('account');
  const errorText = useErrorText();
  const query = useDevices();
  const remove = useRemoveDevice();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  // Removing a device needs a fresh check (step-up, decision 192): "Confirm it's you" opens here, then it goes on.
  const stepUp = useStepUp((err) => setNotice({ ok: false, text: errorText(err, t('deviceRemoveFailed')) }));

  const removeOne = (d: DeviceDto) => {
    setNotice(null);
    void stepUp.act(async () => {
      await remove.mutateAsync(d.id);
      setNotice({ ok: true, text: t('deviceRemoved', { name: d.name }) });
    });
  };

  let body: React.ReactNode;
  if (query.isPending) body = <Spinner label={t('devicesLoading')} className="min-h-[30vh]" />;
  else if (query.isError) {
    body = (
      <div role="alert" className="card text-sm text-red-300">
        {errorText(query.error, t('devicesFailed'))}{' '}
        <button type="button" className="text-accent-300 hover:underline" onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  } else {
    const { devices, inUse, limit } = query.data;
    body = (
      <div className="space-y-6">
        <Seats inUse={inUse} limit={limit} />
        {stepUp.form}
        {notice && (
          <p
            role={notice.ok ? 'status' : 'alert'}
            data-testid="devices-message"
            className={`rounded-lg border px-3 py-2 text-sm ${notice.ok ? 'border-emerald-500/40 bg-emerald-950/60 text-emerald-200' : 'border-red-500/40 bg-red-950/60 text-red-200'}`}
          >
            {notice.text}
          </p>
        )}
        {devices.length === 0 ? (
          <div className="card flex flex-col items-start gap-3 max-sm:p-4" data-testid="devices-empty">
            <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-ink-800 text-ink-300" aria-hidden="true">
              <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7">
                <path d={DEVICE_ICON} />
              </svg>
            </span>
            <h2 className="text-base font-semibold text-ink-100">{t('devicesEmptyTitle')}</h2>
            <p className="text-sm text-ink-300">{t('devicesEmpty')}</p>
            <Link to="/#download" className="btn-primary mt-1">
              {t('devicesDownload')}
            </Link>
          </div>
        ) : (
          <section className="card max-sm:p-4" aria-label={t('devicesTitle')}>
            <ul className="-my-4 divide-y divide-ink-800" data-testid="devices-list">
              {devices.map((d) => (
                <DeviceRow key={d.id} d={d} busy={remove.isPending} onRemove={() => removeOne(d)} />
              ))}
            </ul>
          </section>
        )}
      </div>
    );
  }
  return (
    <Page title={t('devicesTitle')} subtitle={t('devicesIntro')}>
      {body}
    </Page>
  );
}
