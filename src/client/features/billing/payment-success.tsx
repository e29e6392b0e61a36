import { useEffect, useState } from 'react';
import { useNavigate } from '../../components/router';
import { EVENTS, TIMERS_MS } from '#shared/constants';
import { titled } from '#shared/pages';
import { useShownTitle } from '../../components/route-title';
import { useT } from '../../i18n';

/** After a verified payment: the spec's 3-second countdown to /dashboard, with a button to go at once. */
export function PaymentSuccess() {
  const navigate = useNavigate();
  const [left, setLeft] = useState(Math.round(TIMERS_MS.paymentRedirect / 1000));
  const t = useT('billing');
  const msg = useT('msg');
  // 'Payment Successful | Stealth Browser' in English.
  useShownTitle(titled(t('paymentSuccessTitle')));
  useEffect(() => {
    // Everything that shows the plan (top bar, dashboard) reloads it.
    window.dispatchEvent(new Event(EVENTS.refreshUserState));
    const tick = window.setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    const go = window.setTimeout(() => navigate('/dashboard'), TIMERS_MS.paymentRedirect);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(go);
    };
  }, [navigate]);
  return (
    <section className="card mx-auto max-w-lg text-center" aria-live="polite" data-testid="payment-success">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-400" aria-hidden="true">
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      </span>
      <h2 className="mt-4 text-2xl font-semibold text-ink-100">{msg('paymentSuccessful')}</h2>
      <p className="mt-2 text-ink-300">{t('successLead')}</p>
      <p className="mt-4 text-sm text-ink-400" data-testid="redirect-countdown">
        {t('redirecting', { seconds: left })}
      </p>
      <button type="button" className="btn-primary mt-6" onClick={() => navigate('/dashboard')}>
        {msg('goToDashboardNow')}
      </button>
    </section>
  );
}
