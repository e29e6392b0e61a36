import { SHORTCUTS } from '#shared/shortcuts';
import { Page } from '../../components/page';
import { ShortcutKeys } from '../../components/kbd';
import { useT } from '../../i18n';

/** /shortcuts: the whole catalogue in compact mode. */
export function ShortcutsPage() {
  const t = useT('landing');
  const a = useT('account');
  return (
    <Page title={a('shortcutsTitle')} subtitle={a('shortcutsIntro')}>
      <div className="overflow-hidden rounded-2xl border border-ink-700 bg-ink-900" data-testid="shortcuts-compact">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{a('shortcutsCaption')}</caption>
          <thead className="border-b border-ink-700 bg-ink-850 text-xs uppercase tracking-wide text-ink-400">
            <tr>
              <th scope="col" className="px-4 py-2.5 font-medium">
                {a('colKeys')}
              </th>
              <th scope="col" className="px-4 py-2.5 font-medium">
                {a('colAction')}
              </th>
              <th scope="col" className="hidden px-4 py-2.5 font-medium sm:table-cell">
                {a('colWhat')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-800">
            {SHORTCUTS.map((s) => (
              <tr key={s.action} data-testid="shortcut">
                <td className="whitespace-nowrap px-4 py-2.5">
                  <span className="flex flex-wrap items-center gap-1 text-ink-400">
                    <ShortcutKeys keys={s.keys} />
                  </span>
                </td>
                <td className="px-4 py-2.5 font-medium text-ink-100">
                  {t(s.action)}
                  <span className="block text-xs font-normal text-ink-400 sm:hidden">{t(s.detail)}</span>
                </td>
                <td className="hidden px-4 py-2.5 text-ink-300 sm:table-cell">{t(s.detail)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Page>
  );
}
