import { useT } from '../../i18n';
import { Icon, WindowsLogo } from './icons';

/** The Windows download button and the macOS placeholder, side by side. */
export function DownloadButtons({ onDownload, size = 'lg' }: { onDownload: () => void; size?: 'lg' | 'md' }) {
  const t = useT('landing');
  const pad = size === 'lg' ? 'px-5 py-3 text-base' : 'px-4 py-2.5';
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      <button type="button" data-testid="download-windows" className={`btn-primary whitespace-nowrap ${pad}`} onClick={onDownload}>
        <WindowsLogo className="h-4 w-4" />
        {t('downloadWindows')}
      </button>
      <button type="button" disabled data-testid="download-macos" className={`btn-secondary whitespace-nowrap ${pad} disabled:opacity-100`}>
        <Icon name="laptop" className="h-4 w-4 text-ink-400" />
        <span className="text-ink-300">macOS</span>
        <span className="rounded-full bg-ink-700 px-2 py-0.5 text-xs font-medium text-ink-300">{t('comingSoon')}</span>
      </button>
    </div>
  );
}
