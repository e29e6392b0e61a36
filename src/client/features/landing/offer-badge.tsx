import { useEffect, useState } from 'react';
import { OFFER_END } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { useFirstRenderNow } from '../../ssr/initial-data';
import { formatTimeLeft, timeLeft } from './countdown';

const END = Date.parse(OFFER_END);
const END_LABEL = new Date(END).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** The trial offer badge: a live countdown to OFFER_END (UTC), then 'Offer Ended'. */
export function OfferBadge() {
  const [now, setNow] = useState(useFirstRenderNow());
  const left = timeLeft(now, END);
  const ended = left === null;
  // A page the server rendered starts at the server's second (so the markup matches), then follows this clock.
  useEffect(() => setNow(Date.now()), []);
  useEffect(() => {
    if (ended) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [ended]);

  return (
    <p
      data-testid="offer-countdown"
      data-state={ended ? 'ended' : 'running'}
      className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 rounded-full border border-ink-700 bg-ink-900/80 px-3.5 py-1.5 text-sm"
    >
      <span className={`h-2 w-2 rounded-full ${ended ? 'bg-ink-400' : 'animate-pulse bg-emerald-400'}`} aria-hidden="true" />
      <span className="text-ink-300">
        <span className="sm:hidden">Offer till {END_LABEL}</span>
        <span className="hidden sm:inline">Free trial offer · limited till {END_LABEL}</span>
      </span>
      <span aria-hidden="true" className="text-ink-600">|</span>
      <span role="timer" className={ended ? 'font-medium text-ink-100' : 'font-semibold tabular-nums text-ink-100'}>
        {left ? formatTimeLeft(left) : MSG.offerEnded}
      </span>
    </p>
  );
}
