import { createElement, lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { ACCOUNT_LAYOUT, pageAt, type PageAt, type ScreenModule } from '../shared/pages';
import { Navigate, OutletProvider, useLocation } from './components/router';
import { AuthModalHost } from './features/auth/auth-modal-host';
import { Footer } from './components/footer';
import { RequireAuth } from './components/require-auth';
import { RouteTitle } from './components/route-title';
import { ScrollManager } from './components/scroll-manager';
import { Spinner } from './components/spinner';
import { TopNav } from './components/top-nav';

/**
 * The module of each page's screen (shared/pages.ts names them), one chunk each: a page loads only its own code (the
 * post's sanitiser is not on the list, the contact form's validation is not on the policies). The server preloads a
 * page's chunks by the same names, from Vite's manifest.
 */
export const SCREEN_MODULES: Record<ScreenModule, () => Promise<object>> = {
  'routes/landing.tsx': () => import('./routes/landing'),
  'routes/blog/list.tsx': () => import('./routes/blog/list'),
  'routes/blog/post.tsx': () => import('./routes/blog/post'),
  'routes/static/privacy-policy.tsx': () => import('./routes/static/privacy-policy'),
  'routes/static/terms.tsx': () => import('./routes/static/terms'),
  'routes/static/refund-policy.tsx': () => import('./routes/static/refund-policy'),
  'routes/static/contact.tsx': () => import('./routes/static/contact'),
  'routes/changelog.tsx': () => import('./routes/changelog'),
  'routes/verify-email.tsx': () => import('./routes/verify-email'),
  'routes/reset-password.tsx': () => import('./routes/reset-password'),
  'routes/email-change.tsx': () => import('./routes/email-change'),
  'routes/two-step-recovery.tsx': () => import('./routes/two-step-recovery'),
  'routes/secure-account.tsx': () => import('./routes/secure-account'),
  'routes/activate.tsx': () => import('./routes/activate'),
  'routes/account/index.ts': () => import('./routes/account'),
  'routes/billing.tsx': () => import('./routes/billing'),
  'routes/dev-mailbox.tsx': () => import('./routes/dev-mailbox'),
  'routes/admin/index.tsx': () => import('./routes/admin'),
};

/**
 * The screens whose server-rendered page shows prices (the landing page's plans): the only ones whose hydration formats
 * money, so the only ones for which the app's start makes the first money format ahead of it (start.tsx).
 */
export const PRICED_SCREENS: ReadonlySet<string> = new Set(['routes/landing.tsx'] satisfies ScreenModule[]);

const screens = new Map<string, ComponentType>();

/**
 * Marks the root once React has taken over the page (`data-hydrated`), from the screen itself: a lazy screen being
 * hydrated keeps the server's markup (links that load a new document) until its chunk has come, after the shell.
 */
function markHydrated() {
  const root = document.getElementById('root');
  if (root && root.dataset.hydrated !== 'true') root.dataset.hydrated = 'true';
}

/**
 * A screen, loaded when first shown; with the Query client (query.tsx) around it unless it does without. One
 * component per export, so that two pages of one screen (a new post and an edited one) keep it mounted between them.
 */
function screen({ module, name, query = true }: { module: ScreenModule; name: string; query?: boolean }): ComponentType {
  const id = `${module}#${name}`;
  let Screen = screens.get(id);
  if (!Screen) {
    Screen = lazy(async () => {
      const [mod, wrap] = await Promise.all([SCREEN_MODULES[module](), query ? import('./query') : null]);
      const Component = (mod as Record<string, ComponentType>)[name];
      const Shown = wrap ? wrap.withQuery(Component) : Component;
      return {
        default: function HydratedScreen() {
          useEffect(markHydrated, []);
          return <Shown />;
        },
      };
    });
    screens.set(id, Screen);
  }
  return Screen;
}

/**
 * What an address shows, from the one declaration of pages (`pageAt`): the page's screen, the signed-in area's pages
 * inside its layout behind the sign-in guard, and for an address that is no page the way to /. Two addresses of one
 * screen (a post and another, a page in two languages) keep it mounted between them.
 */
function shown(at: PageAt | null): ReactNode {
  if (!at) return <Navigate to="/" replace />;
  const page = createElement(screen(at.page.screen as { module: ScreenModule; name: string; query: boolean }));
  if (at.page.layout !== 'account') return page;
  return (
    <RequireAuth>
      <OutletProvider value={page}>{createElement(screen(ACCOUNT_LAYOUT))}</OutletProvider>
    </RequireAuth>
  );
}

export function App() {
  const { pathname } = useLocation();
  const at = pageAt(pathname);
  const chrome = at?.page.chrome ?? 'full';
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollManager />
      <RouteTitle />
      {chrome !== 'none' && <TopNav />}
      <div className="flex-1">
        {/* A full screen high, so the footer below stays out of view until the page comes (no layout shift). */}
        <Suspense fallback={<Spinner className="min-h-screen" />}>{shown(at)}</Suspense>
      </div>
      {chrome === 'full' && <Footer />}
      <AuthModalHost />
    </div>
  );
}
