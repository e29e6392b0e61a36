import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './components/router';
import { PRICED_SCREENS } from './app';
import { Shell } from './shell';
import { arrivedRendered } from './ssr/arrived';
import { nextTask } from './next-task';
import { formatMoney } from '../shared/money';
import { DEFAULT_CURRENCY } from '../shared/constants';
import { pageAreas, pageAt, pageLocale } from '../shared/pages';
import { localeFromCookie, toLocale } from '../shared/i18n/locales';
import { isArea, loadAreas, nameCatalogFiles, type Area } from '../shared/i18n/runtime';

// Zod probes `new Function` once to compile object schemas; the site's CSP has no 'unsafe-eval', so the probe is
// a reported violation (Lighthouse best practices). Forms validate the same without the compiled fast path. Zod
// keeps its config on this global (shared by every copy of it) and adopts what is there when its chunk loads;
// setting it here, rather than with z.config(), keeps zod out of the entry chunk.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

const root = document.getElementById('root')!;

// The page's texts in its language come first (the server named their chunks among the page's, so they are on their
// way): the hydration then renders exactly what the server did. A page drawn here is in the language its address
// names (a mail's link), else the remembered one, which the app keeps to the signed-in user's (client/i18n.tsx), as
// the server titled it; a screen whose texts are still missing waits for them.
const at = pageAt(location.pathname, new URLSearchParams(location.search));
const locale = at ? pageLocale(at, localeFromCookie(document.cookie)) : toLocale(document.documentElement.lang);
// A public page names its catalogs' chunks (`area=url …`), in its language: loaded straight, without the map of all.
if (at?.page.public) {
  const named = (root.dataset.texts ?? '')
    .split(' ')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [Area, string]);
  nameCatalogFiles(
    locale,
    named.filter(([area, url]) => isArea(area) && url?.startsWith('/assets/')),
  );
}
await loadAreas(locale, at ? pageAreas(at.page) : ['chrome']).catch(() => undefined);

const app = (
  <StrictMode>
    <BrowserRouter>
      <Shell />
    </BrowserRouter>
  </StrictMode>
);
if (arrivedRendered()) {
  // The first money format of a language costs a phone some 25 ms (the language's number data, the first Intl object
  // of the page): on a page that shows prices it is made in a task of its own before the hydration, rather than inside
  // the hydration's render of the prices (shared/money.ts keeps it). A page without prices (the blog, a post, the
  // contact page) formats none while it is hydrated, so it does not make one: a long task that page has no use for.
  if (at && PRICED_SCREENS.has(at.page.screen.module)) {
    await nextTask();
    formatMoney(0, DEFAULT_CURRENCY, locale);
  }
  await nextTask();
  // React hydrates the server's markup instead of drawing the page again; each lazy screen keeps the server's markup
  // until its chunk has loaded. As a transition, the hydration yields to the browser every few milliseconds, so a
  // tap or a scroll during it is not held up.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
