import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from '../../components/router';
import { site } from '#shared/site';
import { rich, useLocale, useLocalePath, useT } from '../../i18n';
import { openAuthModal, useAuth } from '../auth/auth-context';
import { Icon, WindowsLogo } from './icons';
import { Kbd } from '../../components/kbd';
import type { DownloadRelease, DownloadView } from './use-windows-download';
import { useShippedVersion } from './use-downloads-config';

/** The install instructions shown as the download starts: SmartScreen's More info, then Run anyway. */
export function DownloadDialog({
  view,
  href,
  release = null,
  error,
  onClose,
  onRetry,
}: {
  view: DownloadView | null;
  href: string | null;
  release?: DownloadRelease;
  error: string;
  onClose: () => void;
  onRetry: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const t = useT('download');
  const strong = <strong className="text-ink-100" />;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (view && !dialog.open) dialog.showModal();
    if (!view && dialog.open) dialog.close();
  }, [view]);

  return (
    <dialog
      ref={ref}
      data-testid="download-dialog"
      aria-labelledby="download-dialog-title"
      onClose={onClose}
      // A click on the backdrop (the dialog element itself, outside its panel) closes it.
      onClick={(e) => e.target === ref.current && ref.current?.close()}
      className="m-auto w-[calc(100%-2rem)] max-w-xl rounded-2xl border border-ink-700 bg-ink-900 p-0 text-ink-100 shadow-2xl shadow-black/60 backdrop:bg-ink-950/80 backdrop:backdrop-blur-sm"
    >
      {view === 'unavailable' ? (
        <Unavailable close={() => ref.current?.close()} />
      ) : (
        <div className="p-6 sm:p-8">
          <div className="flex items-start justify-between gap-4">
            <div className="flex items-center gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent-500/15 text-accent-300">
                <WindowsLogo className="h-5 w-5" />
              </span>
              <div>
                <h2 id="download-dialog-title" className="text-lg font-semibold">
                  {view === 'error' ? t('failed') : t('starting')}
                </h2>
                <p className="text-sm text-ink-400">{t('forWindows', { product: site.productName, version: release ? `v${release.version}` : site.version })}</p>
              </div>
            </div>
            <CloseButton onClick={() => ref.current?.close()} />
          </div>

          {view === 'checking' && (
            <p role="status" className="mt-6 flex items-center gap-3 text-sm text-ink-300">
              <span className="h-4 w-4 animate-spin rounded-full border-2 border-ink-600 border-t-accent-400" aria-hidden="true" />
              {t('preparing')}
            </p>
          )}

          {view === 'error' && (
            <div className="mt-6 space-y-4 text-sm">
              <p role="alert" className="rounded-xl border border-red-500/30 bg-red-500/10 p-4 text-red-100">
                {error}
              </p>
              <button type="button" className="btn-secondary" onClick={onRetry}>
                {t('tryAgain')}
              </button>
            </div>
          )}

          {view === 'starting' && (
            <>
              {release && <FileDetails release={release} />}
              <ol className="mt-6 space-y-5 text-sm leading-relaxed text-ink-300">
                <Step n={1} title={t('step1Title')}>
                  {t('step1')}
                </Step>
                <Step n={2} title={t('step2Title')}>
                  {rich(t('step2'), [<q />, strong, strong])}
                </Step>
                <Step n={3} title={t('step3Title')}>
                  {rich(t('step3'), [<Kbd>Ctrl</Kbd>, <Kbd>Space</Kbd>])}
                </Step>
              </ol>
              <SmartScreenSketch />
            </>
          )}

          <div className="mt-8 flex flex-col-reverse gap-3 border-t border-ink-800 pt-5 sm:flex-row sm:items-center sm:justify-between">
            {view === 'starting' && href ? (
              <p className="text-sm text-ink-400">
                {t('notStarted')}{' '}
                <a href={href} className="font-medium text-accent-300 underline decoration-accent-300/40 underline-offset-2 hover:decoration-accent-300">
                  {t('tryAgain')}
                </a>
              </p>
            ) : (
              <span />
            )}
            <button type="button" className="btn-primary" onClick={() => ref.current?.close()}>
              {view === 'starting' ? t('gotIt') : t('close')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}

function CloseButton({ onClick, className = '' }: { onClick: () => void; className?: string }) {
  const t = useT('download');
  return (
    <button type="button" className={`btn-ghost -mr-2 -mt-1 px-2 ${className}`} onClick={onClick}>
      <Icon name="close" />
      <span className="sr-only">{t('close')}</span>
    </button>
  );
}

/**
 * No installer is configured yet (docs/decisions/040-demo-video-and-installer-download.md): a state of its own
 * rather than a warning, with what to do meanwhile (an account now, or a question to the team).
 */
function Unavailable({ close }: { close: () => void }) {
  const { isLoggedIn } = useAuth();
  const t = useT('download');
  const lp = useLocalePath();
  const shipped = useShippedVersion();
  const signUp = () => {
    close();
    openAuthModal('signup');
  };
  return (
    <div data-testid="download-unavailable" className="relative px-6 pb-6 pt-8 text-center sm:px-10 sm:pb-8 sm:pt-10">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-40 bg-[radial-gradient(60%_100%_at_50%_0%,rgba(124,140,255,0.16),transparent_70%)]" />
      <CloseButton onClick={close} className="absolute right-5 top-4" />
      <span className="relative mx-auto flex h-16 w-16 items-center justify-center rounded-2xl border border-accent-400/30 bg-accent-500/10 text-accent-300">
        <WindowsLogo className="h-7 w-7" />
        <span className="absolute -bottom-1.5 -right-1.5 flex h-7 w-7 items-center justify-center rounded-full border-2 border-ink-900 bg-amber-300 text-ink-950">
          <Icon name="clock" className="h-4 w-4" />
        </span>
      </span>
      <p className="relative mt-5 text-xs font-semibold uppercase tracking-wider text-accent-400">{t('forWindows', { product: site.productName, version: shipped })}</p>
      <h2 id="download-dialog-title" className="relative mt-2 text-xl font-semibold tracking-tight sm:text-2xl">
        {t('unavailableTitle')}
      </h2>
      <p role="status" className="relative mx-auto mt-3 max-w-sm text-sm leading-relaxed text-ink-300">
        {t('downloadUnavailable')}
      </p>
      <p className="relative mx-auto mt-2 max-w-sm text-sm leading-relaxed text-ink-400">{isLoggedIn ? t('readyAccount') : t('createNow')}</p>
      <div className="relative mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        <Link to={lp('/contact-us')} className="btn-secondary" onClick={close}>
          <Icon name="mail" className="h-4 w-4" />
          {t('contactUs')}
        </Link>
        {isLoggedIn ? (
          <button type="button" className="btn-primary" onClick={close}>
            {t('close')}
          </button>
        ) : (
          <button type="button" className="btn-primary" onClick={signUp}>
            {t('createAccount')}
          </button>
        )}
      </div>
      <ul className="relative mt-6 flex flex-wrap justify-center gap-x-5 gap-y-1 border-t border-ink-800 pt-5 text-xs text-ink-400">
        {[t('alwaysFree'), t('noCreditCard')].map((claim) => (
          <li key={claim} className="flex items-center gap-1.5">
            <Icon name="check" className="h-3.5 w-3.5 text-emerald-400" />
            {claim}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full border border-ink-600 text-xs font-semibold text-ink-100">{n}</span>
      <div>
        <p className="font-semibold text-ink-100">{title}</p>
        <p className="mt-0.5">{children}</p>
      </div>
    </li>
  );
}

/** A small drawing of the SmartScreen window with the two places to click; the steps above say the same in words. */
function SmartScreenSketch() {
  return (
    <div aria-hidden="true" className="mt-6 overflow-hidden rounded-xl border border-ink-700 bg-[#1f4e8c] text-white">
      <div className="px-5 pb-4 pt-5">
        <p className="text-lg font-light">Windows protected your PC</p>
        <p className="mt-2 text-xs text-white/80">Microsoft Defender SmartScreen prevented an unrecognised app from starting.</p>
        <p className="mt-2 text-xs">
          <span className="rounded px-1 underline outline-2 outline-offset-2 outline-amber-300 [outline-style:solid]">More info</span>
          <span className="ml-2 rounded-full bg-amber-300 px-1.5 text-[10px] font-bold text-ink-950">1</span>
        </p>
      </div>
      <div className="flex items-center justify-end gap-2 bg-black/20 px-5 py-3 text-xs">
        <span className="rounded-full bg-amber-300 px-1.5 text-[10px] font-bold text-ink-950">2</span>
        <span className="border border-white/70 px-3 py-1 outline-2 outline-offset-2 outline-amber-300 [outline-style:solid]">Run anyway</span>
        <span className="border border-white/40 px-3 py-1 text-white/70">Don't run</span>
      </div>
    </div>
  );
}

/** The installer's size and SHA-256, for whoever checks what they downloaded (decision 190). */
export function FileDetails({ release }: { release: NonNullable<DownloadRelease> }) {
  const t = useT('download');
  const locale = useLocale();
  const lp = useLocalePath();
  const size = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(release.size / 1048576);
  return (
    <>
      <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl border border-ink-800 bg-ink-950/50 p-4 text-xs text-ink-400" data-testid="download-file">
        <dt>{t('fileSize')}</dt>
        <dd className="text-ink-200">{t('sizeMb', { size })}</dd>
        {release.sha256 && (
          <>
            <dt>SHA-256</dt>
            <dd className="break-all font-mono text-ink-200">{release.sha256}</dd>
          </>
        )}
      </dl>
      <p className="mt-2 text-xs">
        <Link to={lp(`/changelog#v${release.version}`)} className="font-medium text-accent-300 underline decoration-accent-300/40 underline-offset-2 hover:decoration-accent-300">
          {t('whatsNew')}
        </Link>
      </p>
    </>
  );
}
