import { App } from './app';
import { ToastProvider } from './components/toast';
import { AuthProvider } from './features/auth/auth-context';
import { LocaleProvider } from './i18n';

/** The app inside its router: the same tree in the browser (main.tsx) and in a server render (entry-server.tsx). */
export function Shell() {
  return (
    // TanStack Query comes with the lazy screens (query.tsx): the landing page does without it.
    <ToastProvider>
      <AuthProvider>
        <LocaleProvider>
          <App />
        </LocaleProvider>
      </AuthProvider>
    </ToastProvider>
  );
}
