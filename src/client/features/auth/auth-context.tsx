import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from '../../components/router';
import type { LoginResult, PublicUser } from '#shared/api';
import type { LoginReply } from '#shared/schemas/responses/auth';
import { auth } from '#shared/endpoints/auth';
import { EVENTS, STORAGE_KEYS } from '#shared/constants';
import type { SubscriptionDto } from '#shared/schemas/billing';
import { ApiError, call, load, setSessionEndedHandler, tokens } from '../../api/client';
import { useToast } from '../../components/toast';
import { arrivedRendered } from '../../ssr/arrived';
import { fetchCurrentSubscription } from '../billing/api';
import { codeText } from '../../errors';
import { localizedPath, toLocale, type Locale } from '#shared/i18n/locales';
import { loadArea } from '#shared/i18n/runtime';

type AuthState = {
  user: PublicUser | null;
  subscription: SubscriptionDto | null;
  isLoggedIn: boolean;
  loading: boolean;
  /** The password step: signed in, or (two-step verification on) the challenge the second step answers. */
  login: (email: string, password: string) => Promise<LoginReply>;
  /** The second step (decision 192): the challenge and a code of the authenticator, or a recovery code. */
  completeSecondFactor: (challenge: string, proof: { code: string } | { recoveryCode: string }) => Promise<LoginResult>;
  /** The second step with one of the account's passkeys (decision 198): the browser asks for it. */
  completeSecondFactorWithPasskey: (challenge: string) => Promise<LoginResult>;
  /** Signs in with a passkey, no address typed (decision 196): the browser asks for one of the site's passkeys. */
  loginWithPasskey: () => Promise<LoginReply>;
  logout: () => Promise<void>;
  refresh: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

/**
 * The language the screen is shown in (the LocaleProvider below keeps `<html lang>` to it: the account's preference in
 * the signed-in area): a session that ends goes to the home page in it, /hi for a Hindi account, not the English one.
 */
const shownLocale = (): Locale => toLocale(document.documentElement.lang);

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
  const [hydrating] = useState(() => typeof window === 'undefined' || arrivedRendered());
  const [user, setUser] = useState<PublicUser | null>(() => (hydrating ? null : storedUser()));
  const [subscription, setSubscription] = useState<SubscriptionDto | null>(null);
  const [loading, setLoading] = useState<boolean>(() => !hydrating && Boolean(tokens.access));
  const [hasToken, setHasToken] = useState<boolean>(() => !hydrating && Boolean(tokens.access));

  useLayoutEffect(() => {
    if (!hydrating || !tokens.access) return;
    setUser(storedUser());
    setHasToken(true);
    setLoading(true);
  }, [hydrating]);

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
      const { user: me } = await load(auth.me);
      setUser(me);
      localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(me));
      setHasToken(true);
      setSubscription(await fetchCurrentSubscription().catch(() => null));
    } catch (err) {
      // A failed profile fetch clears the stored tokens; a network failure keeps them.
      if (!(err instanceof ApiError && err.status === 0)) clear();
    } finally {
      setLoading(false);
    }
  }, [clear]);

  useEffect(() => {
    setSessionEndedHandler((err) => {
      const locale = shownLocale();
      clear();
      navigate(localizedPath(locale, '/'), { replace: true });
      // Why the session ended, by the refusal's code, in the page's language (the spec's (R-8.1) 'session invalidated' when it gave none).
      void loadArea(locale, 'errors')
        .then(() => toast.error(codeText(locale, err.code, err.params) ?? (err.message || codeText(locale, 'TOKEN_INVALIDATED')!)))
        .catch(() => err.message && toast.error(err.message));
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

  /** Keeps a signed-in answer: its tokens, its user, the sign-in proof of the address; then reads the subscription. */
  const adopt = useCallback(async (data: LoginResult) => {
    // Loaded with the first sign-in: the address rules it needs stay out of every page's first chunks.
    const { signInProofs } = await import('./sign-in-proofs');
    signInProofs.store(data.user.email, data.signInProof);
    tokens.set(data.token, data.refreshToken);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(data.user));
    setUser(data.user);
    setHasToken(true);
    setSubscription(await fetchCurrentSubscription().catch(() => null));
    return data;
  }, []);

  const login = useCallback(
    async (email: string, password: string): Promise<LoginReply> => {
      const { signInProofs } = await import('./sign-in-proofs');
      const { data } = await call(auth.login, { body: { email: email.trim().toLowerCase(), password, deviceType: 'web', signInProof: signInProofs.of(email) } });
      return 'secondFactor' in data ? data : adopt(data);
    },
    [adopt],
  );

  const completeSecondFactor = useCallback(
    async (challenge: string, proof: { code: string } | { recoveryCode: string }) => {
      const { twoFactor } = await import('#shared/endpoints/two-factor');
      const { data } = await call(twoFactor.secondFactor, { body: { challenge, ...proof } });
      return adopt(data);
    },
    [adopt],
  );

  const completeSecondFactorWithPasskey = useCallback(
    async (challenge: string) => {
      const [{ twoFactor }, { startAuthentication }] = await Promise.all([import('#shared/endpoints/two-factor'), import('@simplewebauthn/browser')]);
      const { options } = (await call(twoFactor.secondFactorPasskeyOptions, { body: { challenge } })).data;
      const response = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
      const { data } = await call(twoFactor.secondFactor, {
        body: { challenge, passkey: { ...response, response: { ...response.response }, clientExtensionResults: { ...response.clientExtensionResults } } },
      });
      return adopt(data);
    },
    [adopt],
  );

  const loginWithPasskey = useCallback(async () => {
    const [{ passkeys }, { startAuthentication }] = await Promise.all([import('#shared/endpoints/passkeys'), import('@simplewebauthn/browser')]);
    const { options } = (await call(passkeys.signInOptions)).data;
    const response = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
    const { data } = await call(passkeys.signIn, {
      body: { response: { ...response, response: { ...response.response }, clientExtensionResults: { ...response.clientExtensionResults } } },
    });
    return 'secondFactor' in data ? data : adopt(data);
  }, [adopt]);

  const logout = useCallback(async () => {
    const home = localizedPath(shownLocale(), '/');
    try {
      if (tokens.access) await call(auth.logout, { body: { deviceType: 'web' } });
    } catch {
      // The session is ended locally whatever the server says.
    }
    clear();
    navigate(home);
  }, [clear, navigate]);

  const value = useMemo<AuthState>(
    () => ({ user, subscription, isLoggedIn: hasToken && Boolean(user), loading, login, completeSecondFactor, completeSecondFactorWithPasskey, loginWithPasskey, logout, refresh }),
    [user, subscription, hasToken, loading, login, completeSecondFactor, completeSecondFactorWithPasskey, loginWithPasskey, logout, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/** Opens the auth modal from anywhere (spec: window event open-auth-modal; login maps to signin). */
export const openAuthModal = (mode: 'login' | 'signin' | 'signup' | 'forgot-password' = 'login', opts: { returnTo?: string } = {}) =>
  window.dispatchEvent(new CustomEvent(EVENTS.openAuthModal, { detail: { mode, ...opts } }));
