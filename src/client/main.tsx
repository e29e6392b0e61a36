import { arrivedRendered } from './ssr/arrived';
import './styles.css';

/**
 * The entry: small on purpose. A page the server rendered (server/plugins/client.ts) is complete without
 * JavaScript, so the app (React, the router, the page's screen) is fetched once that page has painted, and the
 * stylesheet and images get the connection first. Every other page is drawn by the app: it is fetched at once.
 */
function start() {
  // The page's own chunks, which the server names on the root element, load beside the app instead of after it.
  for (const href of document.getElementById('root')?.dataset.chunks?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import('./start');
}

if (arrivedRendered()) requestAnimationFrame(() => setTimeout(start, 0));
else start();
