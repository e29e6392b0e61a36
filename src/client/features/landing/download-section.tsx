import { site } from '#shared/site';
import { DownloadButtons } from './download-buttons';
import { rich, useT } from '../../i18n';
import { Icon } from './icons';
import { useShippedVersion } from './use-downloads-config';

export function DownloadSection({ onDownload }: { onDownload: () => void }) {
  const t = useT('landing');
  const requirements = [t('reqWindows'), t('reqInternet'), t('reqVersion', { version: useShippedVersion() })];
  return (
    <section id="download" aria-labelledby="download-title" className="below-fold scroll-mt-16 py-16 sm:py-20">
      <div className="container-page">
        <div className="relative overflow-hidden rounded-3xl border border-ink-700 bg-ink-900 px-6 py-12 sm:px-12 lg:grid lg:grid-cols-[1.2fr_1fr] lg:items-center lg:gap-12">
          <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-[radial-gradient(50%_70%_at_100%_0%,rgba(124,140,255,0.18),transparent_70%)]" />
          <div className="relative">
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">{t('downloadKicker')}</p>
            <h2 id="download-title" className="mt-2 text-3xl font-bold tracking-tight text-ink-100 sm:text-4xl">
              {t('downloadTitle', { product: site.productName })}
            </h2>
            <p className="mt-4 max-w-xl text-lg leading-relaxed text-ink-300">{t('downloadLead')}</p>
            <div className="mt-8">
              <DownloadButtons onDownload={onDownload} size="md" />
            </div>
          </div>
          <div className="relative mt-10 lg:mt-0">
            <h3 className="text-sm font-semibold text-ink-100">{t('requirements')}</h3>
            <ul className="mt-3 space-y-2 text-sm text-ink-300">
              {requirements.map((r) => (
                <li key={r} className="flex gap-2">
                  <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-400" />
                  {r}
                </li>
              ))}
            </ul>
            <p className="mt-5 rounded-xl border border-ink-700 bg-ink-950/60 p-4 text-sm leading-relaxed text-ink-400">
              {rich(t('smartScreen'), [<strong className="text-ink-100" />, <strong className="text-ink-100" />])}
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
