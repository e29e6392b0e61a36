import { site } from '#shared/site';
import { useT } from '../../i18n';
import { DemoVideo } from './demo-video';
import { DownloadButtons } from './download-buttons';
import { Icon } from './icons';
import { OfferBadge } from './offer-badge';

export function Hero({ onDownload, videoUrl, videoPending }: { onDownload: () => void; videoUrl: string | null; videoPending: boolean }) {
  const t = useT('landing');
  const chrome = useT('chrome');
  // The tagline reads as a headline and a subline; in English the spec's sentence, word for word.
  const tagline = chrome('tagline');
  const cut = tagline.search(/[.।]\s/) + 1;
  const headline = cut > 0 ? tagline.slice(0, cut) : tagline;
  const subline = cut > 0 ? tagline.slice(cut + 1) : '';
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden pb-12 pt-24 sm:pt-32 lg:pb-20">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_75%_20%,rgba(124,140,255,0.16),transparent_70%),radial-gradient(40%_40%_at_10%_0%,rgba(52,211,153,0.07),transparent_70%)]"
      />
      <div className="container-page grid items-center gap-12 xl:grid-cols-[1.05fr_1fr] xl:gap-16">
        <div>
          <OfferBadge />
          <h1 id="hero-title" data-testid="tagline" className="mt-6 text-4xl font-bold tracking-tight text-ink-100 sm:text-5xl xl:text-[3.5rem] xl:leading-[1.08]">
            <span className="block">{headline}</span>
            {subline && (
              <>
                {' '}
                <span className="mt-4 block text-xl font-normal leading-snug tracking-normal text-ink-300 sm:text-2xl">{subline}</span>
              </>
            )}
          </h1>
          <p className="mt-5 max-w-xl leading-relaxed text-ink-400">{t('heroIntro', { product: site.productName })}</p>
          <div className="mt-8">
            <DownloadButtons onDownload={onDownload} />
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-300">
            {[t('alwaysFree'), t('noCreditCard')].map((claim) => (
              <li key={claim} className="flex items-center gap-2">
                <Icon name="check" className="h-4 w-4 text-emerald-400" />
                {claim}
              </li>
            ))}
          </ul>
        </div>
        <div id="videos" className="w-full max-w-3xl scroll-mt-20">
          <h2 className="sr-only">{t('demoVideo')}</h2>
          <DemoVideo url={videoUrl} pending={videoPending} />
        </div>
      </div>
    </section>
  );
}
