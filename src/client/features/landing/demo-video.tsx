import { useState } from 'react';
import { site } from '#shared/site';
import { useT } from '../../i18n';
import type { Translate } from '#shared/i18n/runtime';
import { Icon, type IconName } from './icons';

export const DEMO_POSTER = '/demo-poster.svg';

type Caption = { icon: IconName; tone: string; title: string; text: string; live: boolean };

const TONE = { accent: 'bg-accent-500/15 text-accent-300 ring-accent-400/30', amber: 'bg-amber-400/10 text-amber-300 ring-amber-400/30' };

/** What the band under the picture says in each state; null while the server's answer is not known yet. */
function captionOf(url: string | null, pending: boolean, failed: boolean, t: Translate<'landing'>): Caption | null {
  if (pending) return null;
  if (failed) return { icon: 'alert', tone: TONE.amber, title: t('videoFailedTitle'), text: t('videoFailedText'), live: true };
  if (!url) return { icon: 'video', tone: TONE.accent, title: t('demoVideoComingSoon'), text: t('videoSoonText'), live: true };
  return { icon: 'play', tone: TONE.accent, title: t('videoActionTitle', { product: site.productName }), text: t('videoActionText'), live: false };
}

/**
 * The demo video: a 16:9 picture with a caption band of its own below it, so no text is ever drawn over the
 * illustration. The picture is the poster until the visitor presses play (nothing of the video is fetched before);
 * without a configured video the band says it is coming soon (docs/decisions/040-demo-video-and-installer-download.md).
 * The band has the same height in every state, so nothing moves when the server's answer or the video arrives.
 */
export function DemoVideo({ url, pending }: { url: string | null; pending: boolean }) {
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const t = useT('landing');
  const caption = captionOf(url, pending, failed, t);

  return (
    <figure data-testid="demo-poster" className="overflow-hidden rounded-2xl border border-ink-700 bg-ink-900 shadow-2xl shadow-black/40">
      <div className="relative aspect-video bg-ink-950">
        {playing && url && !failed ? (
          <video
            data-testid="demo-video"
            src={url}
            poster={DEMO_POSTER}
            controls
            autoPlay
            playsInline
            preload="auto"
            className="h-full w-full"
            aria-label={t('videoLabel', { product: site.productName })}
            onError={() => setFailed(true)}
          />
        ) : (
          <img src={DEMO_POSTER} alt="" width={1280} height={720} loading="lazy" decoding="async" fetchPriority="low" className="h-full w-full object-cover" />
        )}
        {!pending && url && !failed && !playing && (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="group absolute inset-0 flex flex-col items-center justify-center gap-3 bg-ink-950/30 transition-colors hover:bg-ink-950/10"
          >
            <span className="flex h-16 w-16 items-center justify-center rounded-full bg-accent-500 text-ink-950 shadow-lg shadow-accent-600/30 transition-transform group-hover:scale-105">
              <svg viewBox="0 0 24 24" className="ml-1 h-7 w-7" fill="currentColor" aria-hidden="true">
                <path d="M7 4.5v15l13-7.5z" />
              </svg>
            </span>
            <span className="rounded-full bg-ink-950/80 px-3 py-1 text-sm font-medium text-ink-100">{t('playDemo')}</span>
          </button>
        )}
      </div>
      <figcaption data-testid="demo-caption" className="flex min-h-[4.75rem] items-center gap-4 border-t border-ink-700 bg-ink-850 px-4 py-3 sm:min-h-20 sm:px-5">
        {caption ? (
          <>
            <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-xl ring-1 ring-inset ${caption.tone}`}>
              <Icon name={caption.icon} className="h-5 w-5" />
            </span>
            <p role={caption.live ? 'status' : undefined} className="min-w-0">
              <span className="block text-sm font-semibold text-ink-100 sm:text-base">{caption.title}</span>
              <span className="mt-0.5 block text-xs leading-snug text-ink-400 sm:text-sm">{caption.text}</span>
            </p>
          </>
        ) : (
          <span aria-hidden="true" className="flex w-full items-center gap-4">
            <span className="h-10 w-10 shrink-0 rounded-xl bg-ink-800" />
            <span className="flex-1 space-y-2">
              <span className="block h-3 w-2/5 rounded-full bg-ink-800" />
              <span className="block h-2.5 w-4/5 rounded-full bg-ink-800" />
            </span>
          </span>
        )}
      </figcaption>
    </figure>
  );
}
