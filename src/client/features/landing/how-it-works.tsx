import { useT } from '../../i18n';
import { STEPS } from './content';
import { Section } from './section';

export function HowItWorks() {
  const t = useT('landing');
  return (
    <Section id="how-it-works" kicker={t('howKicker')} title={t('howTitle')} lead={t('howLead')}>
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, i) => (
          <li key={step.title} className="relative rounded-2xl border border-ink-700 bg-ink-900 p-6">
            <span className="flex h-9 w-9 items-center justify-center rounded-full bg-accent-500 text-sm font-bold text-ink-950">{i + 1}</span>
            <h3 className="mt-4 text-lg font-semibold text-ink-100">{t(step.title)}</h3>
            <p className="mt-2 leading-relaxed text-ink-300">{t(step.body)}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
