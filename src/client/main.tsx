import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app';
import { ToastProvider } from './components/toast';
import { AuthProvider } from './features/auth/auth-context';
import './styles.css';

// Zod probes `new Function` once to compile object schemas; the site's CSP has no 'unsafe-eval', so the probe is
// a reported violation (Lighthouse best practices). Forms validate the same without the compiled fast path. Zod
// keeps its config on this global (shared by every copy of it) and adopts what is there when its chunk loads;
// setting it here, rather than with z.config(), keeps zod out of the entry chunk.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      {/* TanStack Query comes with the lazy screens (query.tsx): the landing page does without it. */}
      <ToastProvider>
        <AuthProvider>
          <App />
        </AuthProvider>
      </ToastProvider>
    </BrowserRouter>
  </StrictMode>,
);
