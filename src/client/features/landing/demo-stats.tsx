import { useT } from '../../i18n';
import { STATS } from './content';

export function DemoStats() {
  const t = useT('landing');
  return (
    <section aria-label={t('atAGlance')} className="border-y border-ink-800 bg-ink-900/60">
      <dl className="container-page grid grid-cols-3 gap-4 py-10 text-center sm:gap-6 sm:py-12">
        {STATS.map((s) => (
          <div key={s.label} data-testid="stat" className="flex flex-col items-center">
            <dt className="order-2 mt-1 text-xs font-semibold uppercase tracking-wider text-ink-300 sm:text-sm">{t(s.label)}</dt>
            <dd className="order-1 text-3xl font-bold tracking-tight text-ink-100 sm:text-5xl">{s.value}</dd>
            <dd className="order-3 mt-2 hidden max-w-[16rem] text-sm text-ink-400 sm:block">{t(s.detail)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
