import { arrivedRendered } from './ssr/arrived';
import { nextTask } from './next-task';
import './styles.css';

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
 * The entry: small on purpose. A page the server rendered (server/ssr/page-server.ts) is complete without
 * JavaScript: its one inline script asks for this entry once the page has painted (server/ssr/hydrate-script.ts),
 * so the stylesheet and images have had the connection. The work is cut into tasks (fetches; React DOM; the app and
 * its hydration of the page) so that none holds the main thread for long. Every other page is drawn by the app: it
 * is fetched at once.
 */
async function hydrate() {
  await preloadChunks();
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('./start');
}

if (arrivedRendered()) void hydrate();
else void import('./start');
