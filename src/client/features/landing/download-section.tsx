import { site } from '../../../shared/site';
import { DownloadButtons } from './download-buttons';
import { Icon } from './icons';

const REQUIREMENTS = ['Windows 10 (version 2004 or later) or Windows 11, 64-bit', 'An internet connection to sign in', `Current version ${site.version}`];

export function DownloadSection({ onDownload }: { onDownload: () => void }) {
  return (
    <section id="download" aria-labelledby="download-title" className="scroll-mt-16 py-16 sm:py-20">
      <div className="container-page">
        <div className="relative overflow-hidden rounded-3xl border border-ink-700 bg-ink-900 px-6 py-12 sm:px-12 lg:grid lg:grid-cols-[1.2fr_1fr] lg:items-center lg:gap-12">
          <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-[radial-gradient(50%_70%_at_100%_0%,rgba(124,140,255,0.18),transparent_70%)]" />
          <div className="relative">
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">Download</p>
            <h2 id="download-title" className="mt-2 text-3xl font-bold tracking-tight text-ink-100 sm:text-4xl">
              Get {site.productName} for Windows
            </h2>
            <p className="mt-4 max-w-xl text-lg leading-relaxed text-ink-300">Install it in about 30 seconds and try it on your next call. Testing is always free.</p>
            <div className="mt-8">
              <DownloadButtons onDownload={onDownload} size="md" />
            </div>
          </div>
          <div className="relative mt-10 lg:mt-0">
            <h3 className="text-sm font-semibold text-ink-100">System requirements</h3>
            <ul className="mt-3 space-y-2 text-sm text-ink-300">
              {REQUIREMENTS.map((r) => (
                <li key={r} className="flex gap-2">
                  <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-400" />
                  {r}
                </li>
              ))}
            </ul>
            <p className="mt-5 rounded-xl border border-ink-700 bg-ink-950/60 p-4 text-sm leading-relaxed text-ink-400">
              Windows SmartScreen may warn you about a new app. Click <strong className="text-ink-100">More info</strong>, then{' '}
              <strong className="text-ink-100">Run anyway</strong>.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
