import { OFFER_END } from '#shared/constants';
import { dayMonth, formatTimeLeft, SITE_TIME_ZONE } from '#shared/dates';
import { useTimeLeft } from '../../components/use-time-left';
import { useLocale, useT } from '../../i18n';

/** The trial offer badge: a live countdown to OFFER_END (2025-08-15 00:00 UTC), then 'Offer Ended'. */
export function OfferBadge() {
  const left = useTimeLeft(OFFER_END);
  const ended = left === null;
  const t = useT('landing');
  const endLabel = dayMonth(OFFER_END, SITE_TIME_ZONE, useLocale());

  return (
    <p
      data-testid="offer-countdown"
      data-state={ended ? 'ended' : 'running'}
      className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 rounded-full border border-ink-700 bg-ink-900/80 px-3.5 py-1.5 text-sm"
    >
      <span className={`h-2 w-2 rounded-full ${ended ? 'bg-ink-400' : 'animate-pulse bg-emerald-400'}`} aria-hidden="true" />
      <span className="text-ink-300">
        <span className="sm:hidden">{t('offerShort', { date: endLabel })}</span>
        <span className="hidden sm:inline">{t('offerLong', { date: endLabel })}</span>
      </span>
      <span aria-hidden="true" className="text-ink-600">
        |
      </span>
      <span role="timer" className={ended ? 'font-medium text-ink-100' : 'font-semibold tabular-nums text-ink-100'}>
        {left ? formatTimeLeft(left) : t('offerEnded')}
      </span>
    </p>
  );
}
