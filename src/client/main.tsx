import { arrivedRendered } from './ssr/arrived';
import './styles.css';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Links asked for per task: each starts a fetch, and a task that starts many is a long one on a phone. */
const PRELOADS_PER_TASK = 4;

/** The page's chunks, which the server names on the root element, start downloading, a few per task. */
async function preloadChunks() {
  const hrefs = document.getElementById('root')?.dataset.chunks?.split(' ').filter(Boolean) ?? [];
  for (const [i, href] of hrefs.entries()) {
    if (i > 0 && i % PRELOADS_PER_TASK === 0) await nextTask();
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * The entry: small on purpose. A page the server rendered (server/plugins/client.ts) is complete without
 * JavaScript, so the app (React, the router, the page's screen) is fetched once that page has painted, and the
 * stylesheet and images get the connection first. The work is cut into tasks (fetches; React DOM; the app and
 * its adoption of the page) so that none holds the main thread for long. Every other page is drawn by the app: it
 * is fetched at once.
 */
async function adopt() {
  await preloadChunks();
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('./start');
}

/** Runs `fn` once the page is on screen (the first contentful paint has been presented), or at once if it cannot be. */
function afterFirstPaint(fn: () => void) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    setTimeout(fn, 0);
  };
  // A tab in the background paints nothing until it is shown: nothing to wait for.
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return run();
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    run();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(run, PAINT_WAIT_LIMIT_MS);
}

/** However the paint goes, the page becomes interactive no later than this after its scripts have run. */
const PAINT_WAIT_LIMIT_MS = 2000;

if (arrivedRendered()) afterFirstPaint(() => void adopt());
else void import('./start');
