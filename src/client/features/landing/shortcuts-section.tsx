import { SHORTCUTS } from '#shared/shortcuts';
import { ShortcutKeys } from '../../components/kbd';
import { useT } from '../../i18n';
import { Section } from './section';

export function ShortcutsSection() {
  const t = useT('landing');
  return (
    <Section id="shortcuts" kicker={t('shortcutsKicker')} title={t('shortcutsTitle')} lead={t('shortcutsLead')}>
      <ul className="mx-auto grid max-w-5xl gap-3 lg:grid-cols-2">
        {SHORTCUTS.map((s) => (
          <li
            key={s.action}
            data-testid="shortcut"
            className="flex flex-col gap-3 rounded-xl border border-ink-700 bg-ink-900 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
          >
            <div>
              <p className="font-medium text-ink-100">{t(s.action)}</p>
              <p className="text-sm text-ink-400">{t(s.detail)}</p>
            </div>
            <p className="flex shrink-0 flex-wrap items-center gap-1.5 text-ink-400 sm:justify-end">
              <ShortcutKeys keys={s.keys} />
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
