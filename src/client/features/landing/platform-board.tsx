import { Link } from '../../components/router';
import { PLATFORMS, type PlatformStatus } from './content';
import { rich, useLocalePath, useT } from '../../i18n';
import { Section } from './section';

const PILL: Record<PlatformStatus, string> = {
  Undetectable: 'border-emerald-400/30 bg-emerald-400/10 text-emerald-300',
  Conditional: 'border-amber-400/30 bg-amber-400/10 text-amber-200',
};

export function PlatformBoard() {
  const t = useT('landing');
  const lp = useLocalePath();
  const STATUS = { Undetectable: t('statusUndetectable'), Conditional: t('statusConditional') };
  return (
    <Section id="does-this-work" kicker={t('compatKicker')} title={t('compatTitle')} lead={t('compatLead')} className="bg-ink-900/40">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="platform-board">
        {PLATFORMS.map((p) => (
          <li key={p.name} data-testid="platform" className="rounded-2xl border border-ink-700 bg-ink-900 p-5">
            <div className="flex items-center gap-3">
              <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-ink-800 font-bold text-ink-100">
                {p.name[0]}
              </span>
              <h3 className="min-w-0 flex-1 font-semibold text-ink-100">{p.name}</h3>
              <span className={`shrink-0 rounded-full border px-2.5 py-1 text-xs font-semibold ${PILL[p.status]}`}>{STATUS[p.status]}</span>
            </div>
            <p className="mt-3 text-sm text-ink-400">{t(p.subtitle)}</p>
          </li>
        ))}
      </ul>
      <div className="mx-auto mt-8 grid max-w-4xl gap-3 text-sm text-ink-400 sm:grid-cols-2">
        <p>
          <strong className="text-emerald-300">{STATUS.Undetectable}</strong>: {t('undetectableNote')}
        </p>
        <p>
          <strong className="text-amber-200">{STATUS.Conditional}</strong>: {t('conditionalNote')}
        </p>
      </div>
      <p className="mx-auto mt-6 max-w-3xl text-center text-sm text-ink-400">
        {rich(t('responsibleNote'), [
          <Link to={lp('/terms-of-service')} className="text-accent-300 underline decoration-accent-300/40 underline-offset-2 hover:decoration-accent-300" />,
        ])}
      </p>
    </Section>
  );
}
