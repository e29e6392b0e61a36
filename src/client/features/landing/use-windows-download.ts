import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS, TIMERS_MS } from '#shared/constants';
import { ApiError } from '../../api/client';
import { loadErrorText } from '../../errors';
import { useToast } from '../../components/toast';
import { useLocale } from '../../i18n';
import type { Locale } from '#shared/i18n/locales';
import { hasArea, loadArea, translator } from '#shared/i18n/runtime';
import { fetchDownloadsConfig } from './use-downloads-config';
import type { DownloadsConfig } from '#shared/schemas/downloads';

/** The release the download gives, as the dialog names it (version, size, SHA-256). */
export type DownloadRelease = DownloadsConfig['windows']['release'];

/**
 * The instruction dialog's chunk and its texts in the page's language (the `download` area: not part of the landing
 * page's own texts); asked for at the click, before the downloads config, so all load at once.
 */
export const loadDownloadDialog = (locale: Locale) => Promise.all([import('./download-dialog'), loadArea(locale, 'download')]).then(([m]) => m);

export type DownloadView = 'checking' | 'starting' | 'unavailable' | 'error';

/**
 * The Windows download button: on screens of 768 px and wider it opens the instruction dialog, and the
 * installer starts about 300 ms after the click (the dialog is on screen first) through the counting route.
 * Narrower screens get no dialog; when there is no installer yet they get a toast instead.
 */
export function useWindowsDownload() {
  const toast = useToast();
  const locale = useLocale();
  const [view, setView] = useState<DownloadView | null>(null);
  const [error, setError] = useState('');
  const [href, setHref] = useState<string | null>(null);
  const [release, setRelease] = useState<DownloadRelease | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const start = useCallback(async () => {
    const clickedAt = Date.now();
    const withDialog = window.matchMedia(`(min-width: ${LIMITS.installDialogMinWidth}px)`).matches;
    if (withDialog) setView('checking');
    // The spec's text in the page's language once the dialog's texts are here (English if they could not load). The
    // spec's texts (shared/messages.ts) are not part of the landing page: they load on this path alone.
    const unavailable = async (err?: unknown) => {
      const { MSG } = await import('#shared/messages');
      const text = err === undefined ? MSG.downloadUnavailable : await loadErrorText(locale, err, MSG.downloadUnavailable);
      return text === MSG.downloadUnavailable && hasArea(locale, 'download') ? translator(locale, 'download')('downloadUnavailable') : text;
    };
    try {
      // With the dialog, its chunk too: the download's 300 ms count from a dialog that can be on screen. Without it,
      // the dialog's texts alone, for the toast.
      const [config] = await Promise.all([fetchDownloadsConfig(), withDialog ? loadDownloadDialog(locale) : loadArea(locale, 'download').catch(() => undefined)]);
      if (!config.windows.available) {
        if (withDialog) setView('unavailable');
        else toast.error(await unavailable());
        return;
      }
      setHref(config.windows.href);
      setRelease(config.windows.release);
      if (withDialog) setView('starting');
      window.clearTimeout(timer.current);
      const wait = Math.max(0, TIMERS_MS.downloadDelay - (Date.now() - clickedAt));
      timer.current = window.setTimeout(() => window.location.assign(config.windows.href), wait);
    } catch (err) {
      const message = await unavailable(err).catch(() => (err instanceof ApiError ? err.message : ''));
      setError(message);
      if (withDialog) setView('error');
      else toast.error(message);
    }
  }, [toast, locale]);

  const close = useCallback(() => setView(null), []);
  return { start, view, close, href, error, release };
}
