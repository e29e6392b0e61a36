import { DEVICES } from '#shared/constants';
import { useTimeLeft } from '../../components/use-time-left';
import { useT } from '../../i18n';

/** The one-day trial: a live countdown to trialExpires, then 'Trial ended'. */
export function TrialBanner({ trialExpires }: { trialExpires: string }) {
  const left = useTimeLeft(trialExpires);
  const t = useT('account');
  const msg = useT('msg');
  if (!left) {
    return (
      <section
        className="flex flex-col gap-3 rounded-2xl border border-yellow-500/30 bg-yellow-500/5 p-5 sm:flex-row sm:items-center sm:justify-between"
        data-testid="trial-banner"
      >
        <div>
          <p className="font-semibold text-yellow-200">{msg('trialEnded')}</p>
          <p className="text-sm text-ink-300">{t('trialChoosePlan')}</p>
        </div>
      </section>
    );
  }
  const parts: [number, string][] = [
    [left.days, t('unitDays')],
    [left.hours, t('unitHours')],
    [left.minutes, t('unitMinutes')],
    [left.seconds, t('unitSeconds')],
  ];
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-accent-500/30 bg-accent-500/5 p-5 sm:flex-row sm:items-center sm:justify-between" data-testid="trial-banner">
      <div>
        <p className="font-semibold text-ink-100">{t('trialRunning')}</p>
        <p className="text-sm text-ink-300">{t('trialStarted', { devices: DEVICES.trialLimit })}</p>
      </div>
      <div className="flex gap-2" role="timer" aria-label={t('trialEndsIn', { days: left.days, hours: left.hours, minutes: left.minutes })} data-testid="trial-countdown">
        {parts.map(([value, label]) => (
          <div key={label} className="min-w-[3.5rem] rounded-lg border border-ink-700 bg-ink-900 px-2 py-1.5 text-center">
            <span className="block font-mono text-lg font-semibold tabular-nums text-ink-100">{String(value).padStart(2, '0')}</span>
            <span className="block text-[11px] uppercase tracking-wide text-ink-400">{label}</span>
          </div>
        ))}
      </div>
    </section>
  );
}
