import { useId, useState } from 'react';
import { LIMITS } from '#shared/constants';
import { formatMoney } from '#shared/money';
import type { PlanDto } from '#shared/schemas/billing';
import { useLocale, useT } from '../../i18n';
import { plansFor } from './format';

type Period = 'monthly' | 'yearly';

/** The monthly/yearly switch with the spec's (R-2.7) 'Save 20%' badge. */
function PeriodToggle({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const t = useT('landing');
  const option = (p: Period, label: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={value === p}
      onClick={() => onChange(p)}
      className={`rounded-full px-4 py-1.5 text-sm font-medium transition-colors ${value === p ? 'bg-accent-500 text-ink-950' : 'text-ink-300 hover:text-ink-100'}`}
    >
      {label}
    </button>
  );
  return (
    <div className="flex items-center justify-center gap-3">
      <div role="radiogroup" aria-label={t('pricingPeriod')} className="inline-flex rounded-full border border-ink-700 bg-ink-900 p-1">
        {option('monthly', t('monthly'))}
        {option('yearly', t('yearly'))}
      </div>
      <span className="rounded-full border border-emerald-500/40 bg-emerald-500/10 px-2.5 py-0.5 text-xs font-semibold text-emerald-300">{t('save20')}</span>
    </div>
  );
}

/** The rows of a card, shared across the cards in a row (subgrid): names, descriptions, prices, notes, features, buttons. */
const CARD_ROWS = '@3xl:row-span-6 @3xl:grid @3xl:grid-rows-subgrid @3xl:gap-y-0';

/**
 * A plan's card. Side by side, the cards share their rows, so every price sits at the height of the others whatever
 * the length of a name or description in the reader's language. The amount and its interval never break inside, and
 * three to a row the amount steps down a size until the grid is 68rem wide, so that "4 999 ₹ / paiement unique" stays
 * on one line from a 1024 px screen up, and the name until 60rem, so that "Stealth Pro (Lifetime)" stays on one line
 * on the billing page beside the account menu (decision 132). (The card is no size container: that would end the subgrid.)
 */
function PlanCard({ plan, onChoose, busy, threeUp }: { plan: PlanDto; onChoose: (plan: PlanDto) => void; busy?: boolean; threeUp: boolean }) {
  const headingId = useId();
  const t = useT('landing');
  const locale = useLocale();
  const money = (paise: number) => formatMoney(paise, plan.currency, locale);
  return (
    <article
      aria-labelledby={headingId}
      data-testid="plan-card"
      className={`relative flex flex-col rounded-2xl border p-6 ${CARD_ROWS} ${plan.popular ? 'border-accent-500 bg-ink-900 shadow-[0_0_0_1px_var(--color-accent-500)]' : 'border-ink-700 bg-ink-900'}`}
    >
      {plan.popular && <span className="absolute -top-3 left-6 rounded-full bg-accent-500 px-3 py-0.5 text-xs font-semibold text-ink-950">{t('planPopular')}</span>}
      <h3 id={headingId} className={`text-lg font-semibold text-balance text-ink-100 ${threeUp ? '@3xl:text-base @min-[60rem]:text-lg' : ''}`}>
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-ink-400">{plan.description}</p>
      <p className="mt-5 flex flex-wrap items-baseline gap-x-1">
        <span className={`text-4xl font-bold tracking-tight whitespace-nowrap text-ink-100 ${threeUp ? '@3xl:text-3xl @min-[68rem]:text-4xl' : ''}`}>{money(plan.amount)}</span>
        <span className="text-sm whitespace-nowrap text-ink-400">{t('perInterval', { interval: plan.interval })}</span>
      </p>
      {/* The row is there in every card, empty but for the yearly plan, so that the features start at one height. */}
      <p className="mt-1 text-xs text-emerald-300 empty:mt-0">{plan.interval === 'year' && t('yearlyMonth', { amount: money(Math.round(plan.amount / 12)) })}</p>
      <ul className="mt-6 flex-1 space-y-2 text-sm text-ink-300">
        {/* The seats first: how many computers the app may run on at once (decision 184), from the plan itself. */}
        {[t('planDevices', { count: plan.deviceLimit }), ...Object.keys(plan.features)].map((feature, i) => (
          <li key={feature} className="flex gap-2" data-testid={i === 0 ? 'plan-devices' : undefined}>
            <svg className="mt-0.5 shrink-0 text-accent-400" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
            {feature}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`${plan.popular ? 'btn-primary' : 'btn-secondary'} mt-6 w-full`}
        onClick={() => onChoose(plan)}
        disabled={busy}
        aria-label={`${t('choosePlan')}: ${plan.name}`}
      >
        {t('choosePlan')}
      </button>
    </article>
  );
}

/** At most three plans for the chosen period. */
export function PlanGrid({ plans, onChoose }: { plans: readonly PlanDto[]; onChoose: (plan: PlanDto) => void }) {
  const [period, setPeriod] = useState<Period>('monthly');
  const shown = plansFor(period, plans).slice(0, LIMITS.planGridMax);
  const threeUp = shown.length >= 3;
  return (
    <div>
      <PeriodToggle value={period} onChange={setPeriod} />
      {/* Columns by the room the grid has (the landing is wider than the billing page beside its menu), not the screen's. */}
      <div className="@container mt-10">
        <div className={`mx-auto grid max-w-md gap-6 ${threeUp ? '@3xl:max-w-6xl @3xl:grid-cols-3' : '@3xl:max-w-3xl @3xl:grid-cols-2'}`}>
          {shown.map((plan) => (
            <PlanCard key={plan.id} plan={plan} onChoose={onChoose} threeUp={threeUp} />
          ))}
        </div>
      </div>
    </div>
  );
}
