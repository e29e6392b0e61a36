import { Suspense, useEffect, useState } from 'react';
import { PricingSection } from '../features/billing/pricing-section';
import { DemoStats } from '../features/landing/demo-stats';
import { DownloadSection } from '../features/landing/download-section';
import { FaqSection } from '../features/landing/faq-section';
import { FeaturesGrid } from '../features/landing/features-grid';
import { Hero } from '../features/landing/hero';
import { HowItWorks } from '../features/landing/how-it-works';
import { PlatformBoard } from '../features/landing/platform-board';
import { ShortcutsSection } from '../features/landing/shortcuts-section';
import { useDownloadsConfig } from '../features/landing/use-downloads-config';
import { loadDownloadDialog, useWindowsDownload } from '../features/landing/use-windows-download';
import type { DownloadDialog as DownloadDialogType } from '../features/landing/download-dialog';
import { useLocale } from '../i18n';

/** The landing page: every section and anchor of the spec (R-2.7) (#features, #shortcuts, #how-it-works, #videos, #pricing, #does-this-work, #download, #faq). */
export function LandingPage() {
  const config = useDownloadsConfig();
  const download = useWindowsDownload();
  const locale = useLocale();
  const start = () => void download.start();
  // The install instructions load with the first click on a download button (the click starts loading them). Not
  // React.lazy: a Suspense boundary may hold a revealed screen back for a moment, and the dialog must be on screen
  // before the download starts.
  const [DownloadDialog, setDownloadDialog] = useState<typeof DownloadDialogType | null>(null);
  useEffect(() => {
    if (download.view && !DownloadDialog) void loadDownloadDialog(locale).then((m) => setDownloadDialog(() => m.DownloadDialog));
  }, [download.view, DownloadDialog, locale]);
  return (
    <main>
      <Hero onDownload={start} videoUrl={config.data?.demoVideoUrl ?? null} videoPending={config.isPending} />
      <FeaturesGrid />
      <DemoStats />
      <PlatformBoard />
      <ShortcutsSection />
      <HowItWorks />
      <PricingSection />
      <FaqSection />
      <DownloadSection onDownload={start} />
      {DownloadDialog && (
        // Its texts came with it; a change of language waits for the new ones here, not in place of the page.
        <Suspense fallback={null}>
          <DownloadDialog view={download.view} href={download.href} release={download.release} error={download.error} onClose={download.close} onRetry={start} />
        </Suspense>
      )}
    </main>
  );
}
