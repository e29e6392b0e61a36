import { useId, useState } from 'react';
import { LIMITS } from '../../../shared/constants';
import { formatMoney } from '../../../shared/money';
import type { PlanDto } from '../../../shared/schemas/billing';
import { useLocale, useT } from '../../i18n';
import { plansFor } from './format';

type Period = 'monthly' | 'yearly';

/** The monthly/yearly switch with the spec's 'Save 20%' badge. */
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

function PlanCard({ plan, onChoose, busy }: { plan: PlanDto; onChoose: (plan: PlanDto) => void; busy?: boolean }) {
  const headingId = useId();
  const t = useT('landing');
  const locale = useLocale();
  const money = (paise: number) => formatMoney(paise, plan.currency, locale);
  return (
    <article
      aria-labelledby={headingId}
      data-testid="plan-card"
      className={`relative flex flex-col rounded-2xl border p-6 ${plan.popular ? 'border-accent-500 bg-ink-900 shadow-[0_0_0_1px_var(--color-accent-500)]' : 'border-ink-700 bg-ink-900'}`}
    >
      {plan.popular && <span className="absolute -top-3 left-6 rounded-full bg-accent-500 px-3 py-0.5 text-xs font-semibold text-ink-950">{t('planPopular')}</span>}
      <h3 id={headingId} className="text-lg font-semibold text-ink-100">
        {plan.name}
      </h3>
      <p className="mt-1 min-h-10 text-sm text-ink-400">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-ink-100">{money(plan.amount)}</span>
        <span className="text-sm text-ink-400">{t('perInterval', { interval: plan.interval })}</span>
      </p>
      {plan.interval === 'year' && <p className="mt-1 text-xs text-emerald-300">{t('yearlyMonth', { amount: money(Math.round(plan.amount / 12)) })}</p>}
      <ul className="mt-6 flex-1 space-y-2 text-sm text-ink-300">
        {Object.keys(plan.features).map((feature) => (
          <li key={feature} className="flex gap-2">
            <svg className="mt-0.5 shrink-0 text-accent-400" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
            {feature}
          </li>
        ))}
      </ul>
      <button type="button" className={`${plan.popular ? 'btn-primary' : 'btn-secondary'} mt-6 w-full`} onClick={() => onChoose(plan)} disabled={busy} aria-label={`${t('choosePlan')}: ${plan.name}`}>
        {t('choosePlan')}
      </button>
    </article>
  );
}

/** At most three plans (spec §9) for the chosen period. */
export function PlanGrid({ plans, onChoose }: { plans: readonly PlanDto[]; onChoose: (plan: PlanDto) => void }) {
  const [period, setPeriod] = useState<Period>('monthly');
  const shown = plansFor(period, plans).slice(0, LIMITS.planGridMax);
  return (
    <div>
      <PeriodToggle value={period} onChange={setPeriod} />
      <div className={`mx-auto mt-10 grid max-w-5xl gap-6 ${shown.length >= 3 ? 'md:grid-cols-3' : 'md:max-w-3xl md:grid-cols-2'}`}>
        {shown.map((plan) => (
          <PlanCard key={plan.id} plan={plan} onChoose={onChoose} />
        ))}
      </div>
    </div>
  );
}
