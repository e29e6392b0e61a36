import { StrictMode } from 'react';
// React's build for the web's streams, not its Node build: the Node build runs each render in an AsyncLocalStorage,
// which once started stays on for the life of the process, and Node then runs its hook for every promise and every
// asynchronous resource of every later request, pages and API alike (decision 050). This build keeps
// none where Node has no global AsyncLocalStorage, and writes the same markup.
import { prerender } from 'react-dom/static.edge';
import { StaticRouter } from './components/router';
import { Shell } from './shell';
import { ServerRenderContext, type ServerRender } from './ssr/initial-data';
import { pageAreas, pageAt } from '../shared/pages';
import { loadAreas } from '../shared/i18n/runtime';

/**
 * The markup of a public page for the server (built with `vite build --ssr`; server/ssr/render-page.ts calls it). It
 * waits for every lazy screen, so the HTML holds the whole page, rendered with the data the server read for it
 * (`server.data`: the reads its page declares in shared/pages.ts, which the head is made of too).
 */
export async function render(url: string, server: ServerRender): Promise<string> {
  const errors: unknown[] = [];
  // The page's texts in the language of its address, before the render (its screens then never wait for them).
  const at = pageAt(new URL(url, 'http://local').pathname);
  if (at) await loadAreas(at.locale, pageAreas(at.page));
  const { prelude } = await prerender(
    <StrictMode>
      <ServerRenderContext.Provider value={server}>
        <StaticRouter location={url}>
          <Shell />
        </StaticRouter>
      </ServerRenderContext.Provider>
    </StrictMode>,
    // Every boundary inline and complete: the site's CSP runs no inline script, so React may not stream a boundary
    // apart and swap it in with one (it would do so for boundaries above the default ~12 KB).
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (err) => void errors.push(err) },
  );
  // A screen that failed on the server would be left for the browser to draw: the caller sends the page unrendered.
  if (errors.length > 0) throw errors[0];
  return new Response(prelude).text();
}
