import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS, TIMERS_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { messageOf } from '../../api/client';
import { useToast } from '../../components/toast';
import { fetchDownloadsConfig } from './use-downloads-config';

/** The instruction dialog's chunk; asked for at the click, before the downloads config, so both load at once. */
export const loadDownloadDialog = () => import('./download-dialog');

export type DownloadView = 'checking' | 'starting' | 'unavailable' | 'error';

/**
 * The Windows download button: on screens of 768 px and wider it opens the instruction dialog, and the
 * installer starts about 300 ms after the click (the dialog is on screen first) through the counting route.
 * Narrower screens get no dialog; when there is no installer yet they get a toast instead.
 */
export function useWindowsDownload() {
  const toast = useToast();
  const [view, setView] = useState<DownloadView | null>(null);
  const [error, setError] = useState('');
  const [href, setHref] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const start = useCallback(async () => {
    const clickedAt = Date.now();
    const withDialog = window.matchMedia(`(min-width: ${LIMITS.installDialogMinWidth}px)`).matches;
    if (withDialog) setView('checking');
    try {
      // With the dialog, its chunk too: the download's 300 ms count from a dialog that can be on screen.
      const [config] = await Promise.all([fetchDownloadsConfig(), withDialog ? loadDownloadDialog() : null]);
      if (!config.windows.available) {
        if (withDialog) setView('unavailable');
        else toast.error(MSG.downloadUnavailable);
        return;
      }
      setHref(config.windows.href);
      if (withDialog) setView('starting');
      window.clearTimeout(timer.current);
      const wait = Math.max(0, TIMERS_MS.downloadDelay - (Date.now() - clickedAt));
      timer.current = window.setTimeout(() => window.location.assign(config.windows.href), wait);
    } catch (err) {
      const message = messageOf(err, MSG.downloadUnavailable);
      setError(message);
      if (withDialog) setView('error');
      else toast.error(message);
    }
  }, [toast]);

  const close = useCallback(() => setView(null), []);
  return { start, view, close, href, error };
}
