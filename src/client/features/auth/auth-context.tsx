import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from '../../components/router';
import type { LoginResult, PublicUser } from '../../../shared/api';
import { EVENTS, STORAGE_KEYS } from '../../../shared/constants';
import type { SubscriptionDto } from '../../../shared/schemas/billing';
import type { UserData } from '../../../shared/schemas/responses/account';
import { api, ApiError, setSessionEndedHandler, tokens } from '../../api/client';
import { useToast } from '../../components/toast';
import { arrivedRendered } from '../../ssr/arrived';
import { fetchCurrentSubscription } from '../billing/api';
import { loadLocalizer } from '../../localizer';
import { DEFAULT_LOCALE, toLocale } from '../../../shared/i18n/locales';
import { loadArea } from '../../../shared/i18n/runtime';

type AuthState = {
  user: PublicUser | null;
  subscription: SubscriptionDto | null;
  isLoggedIn: boolean;
  loading: boolean;
  login: (email: string, password: string) => Promise<LoginResult>;
  logout: () => Promise<void>;
  refresh: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

function storedUser(): PublicUser | null {
  try {
    return tokens.access ? (JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null') as PublicUser | null) : null;
  } catch {
    return null;
  }
}

/** Session state: logged in while a token is stored; on load the profile and current subscription are fetched. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const toast = useToast();
  // A page rendered on the server was rendered signed out (the server never sees the stored token): the first
  // render matches it, and the stored session is read right after (before the browser paints again).
  const [adopting] = useState(() => typeof window === 'undefined' || arrivedRendered());
  const [user, setUser] = useState<PublicUser | null>(() => (adopting ? null : storedUser()));
  const [subscription, setSubscription] = useState<SubscriptionDto | null>(null);
  const [loading, setLoading] = useState<boolean>(() => !adopting && Boolean(tokens.access));
  const [hasToken, setHasToken] = useState<boolean>(() => !adopting && Boolean(tokens.access));

  useLayoutEffect(() => {
    if (!adopting || !tokens.access) return;
    setUser(storedUser());
    setHasToken(true);
    setLoading(true);
  }, [adopting]);

  const clear = useCallback(() => {
    tokens.clear();
    setUser(null);
    setSubscription(null);
    setHasToken(false);
  }, []);

  const refresh = useCallback(async () => {
    if (!tokens.access) {
      clear();
      setLoading(false);
      return;
    }
    try {
      const { user: me } = await api.get<UserData>('/auth/me');
      setUser(me);
      localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(me));
      setHasToken(true);
      setSubscription(await fetchCurrentSubscription().catch(() => null));
    } catch (err) {
      // A failed profile fetch clears the stored tokens (spec §4); a network failure keeps them.
      if (!(err instanceof ApiError && err.status === 0)) clear();
    } finally {
      setLoading(false);
    }
  }, [clear]);

  useEffect(() => {
    setSessionEndedHandler((message) => {
      clear();
      navigate('/', { replace: true });
      // The server's reason is a spec text: shown in the page's language (the spec's texts load with the first).
      const locale = toLocale(document.documentElement.lang);
      void Promise.all([loadLocalizer(), locale === DEFAULT_LOCALE ? undefined : loadArea(locale, 'msg')])
        .then(([{ localizeMsg, MSG }]) => toast.error(localizeMsg(message || MSG.sessionInvalidated, locale)))
        .catch(() => message && toast.error(message));
    });
  }, [clear, navigate, toast]);

  useEffect(() => {
    void refresh();
    const onRefresh = () => void refresh();
    window.addEventListener(EVENTS.refreshUserState, onRefresh);
    // Another tab signing in or out changes the stored token.
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.token) void refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(EVENTS.refreshUserState, onRefresh);
      window.removeEventListener('storage', onStorage);
    };
  }, [refresh]);

  const login = useCallback(async (email: string, password: string) => {
    // Loaded with the first sign-in: the address rules it needs stay out of every page's first chunks.
    const { deviceTokens } = await import('./device-tokens');
    const { data } = await api.post<LoginResult>('/auth/login', { email: email.trim().toLowerCase(), password, deviceType: 'web', deviceToken: deviceTokens.of(email) });
    deviceTokens.keep(data.user.email, data.deviceToken);
    tokens.set(data.token, data.refreshToken);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(data.user));
    setUser(data.user);
    setHasToken(true);
    setSubscription(await fetchCurrentSubscription().catch(() => null));
    return data;
  }, []);

  const logout = useCallback(async () => {
    try {
      if (tokens.access) await api.post('/auth/logout', { deviceType: 'web' });
    } catch {
      // The session is ended locally whatever the server says.
    }
    clear();
    navigate('/');
  }, [clear, navigate]);

  const value = useMemo<AuthState>(
    () => ({ user, subscription, isLoggedIn: hasToken && Boolean(user), loading, login, logout, refresh }),
    [user, subscription, hasToken, loading, login, logout, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/** Opens the auth modal from anywhere (spec: window event open-auth-modal; login maps to signin). */
export const openAuthModal = (mode: 'login' | 'signin' | 'signup' | 'forgot-password' = 'login') =>
  window.dispatchEvent(new CustomEvent(EVENTS.openAuthModal, { detail: { mode } }));
