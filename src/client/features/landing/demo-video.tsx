import { useState } from 'react';
import { MSG } from '../../../shared/messages';
import { site } from '../../../shared/site';

export const DEMO_POSTER = '/demo-poster.svg';

/**
 * The demo video: the poster first, the video only once the visitor presses play (nothing is fetched before).
 * Without a configured video the poster says the video is coming soon (docs/decisions/040-demo-video.md).
 */
export function DemoVideo({ url, pending }: { url: string | null; pending: boolean }) {
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);

  if (playing && url && !failed) {
    return (
      <div className="relative aspect-video overflow-hidden rounded-2xl border border-ink-700 bg-black shadow-2xl shadow-black/40">
        <video
          data-testid="demo-video"
          src={url}
          poster={DEMO_POSTER}
          controls
          autoPlay
          playsInline
          preload="auto"
          className="h-full w-full"
          aria-label={`${site.productName} demo video`}
          onError={() => setFailed(true)}
        />
      </div>
    );
  }

  return (
    <div data-testid="demo-poster" className="relative aspect-video overflow-hidden rounded-2xl border border-ink-700 bg-ink-900 shadow-2xl shadow-black/40">
      <img src={DEMO_POSTER} alt="" width={1280} height={720} className="h-full w-full object-cover" />
      {!pending && url && !failed && (
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
          <span className="rounded-full bg-ink-950/80 px-3 py-1 text-sm font-medium text-ink-100">Play the demo video</span>
        </button>
      )}
      {!pending && (!url || failed) && (
        <div className="absolute inset-x-0 bottom-0 flex items-end justify-center bg-gradient-to-t from-ink-950/95 via-ink-950/60 to-transparent p-4 pt-16 sm:p-6">
          <p role="status" className="text-center">
            <span className="block text-sm font-semibold text-ink-100 sm:text-base">{failed ? 'The demo video could not be loaded' : MSG.demoVideoComingSoon}</span>
            <span className="mt-1 block text-xs text-ink-300 sm:text-sm">
              {failed ? 'Please try again later, or download the app and see for yourself.' : 'A short walkthrough is on its way. Until then, testing is always free.'}
            </span>
          </p>
        </div>
      )}
    </div>
  );
}
