import { useT } from '../../i18n';
import { FEATURES } from './content';
import { Icon } from './icons';
import { Section } from './section';

export function FeaturesGrid() {
  const t = useT('landing');
  return (
    <Section id="features" kicker={t('featuresKicker')} title={t('featuresTitle')} lead={t('featuresLead')}>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((f) => (
          <li key={f.title} className="card flex flex-col gap-4 transition-colors hover:border-ink-600">
            <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-accent-500/12 text-accent-300">
              <Icon name={f.icon} className="h-6 w-6" />
            </span>
            <h3 className="text-lg font-semibold text-ink-100">{t(f.title)}</h3>
            <p className="leading-relaxed text-ink-300">{t(f.body)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
