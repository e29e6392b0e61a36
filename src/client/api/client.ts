import type { ApiResponse } from '../../shared/api';
import { fillPath, queryString, type BodyOf, type DataOf, type Endpoint, type ParamsOf, type QueryOf } from '../../shared/endpoints/endpoint';
import type { TokenPair } from '../../shared/schemas/responses/auth';
import { API_PREFIX, SESSION_ERROR_CODES, STORAGE_KEYS } from '../../shared/constants';

/**
 * An API failure: the kind of error, its code (shared/errors.ts) with the params its text names, and its English
 * message. A screen shows the code's text in its language (`useErrorText`, client/errors.ts), not the message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly code?: string,
    readonly body?: Record<string, unknown>,
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

export const tokens = {
  get access() {
    return localStorage.getItem(STORAGE_KEYS.token);
  },
  get refresh() {
    return localStorage.getItem(STORAGE_KEYS.refreshToken);
  },
  set(access: string, refresh: string) {
    localStorage.setItem(STORAGE_KEYS.token, access);
    localStorage.setItem(STORAGE_KEYS.refreshToken, refresh);
  },
  clear() {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
    localStorage.removeItem(STORAGE_KEYS.user);
  },
};

/** Calls whose 401 is an answer about the credentials, not about the session. */
const NO_SESSION_HANDLING = ['/auth/login', '/auth/register', '/auth/resend-verification', '/auth/refresh'];

/** `error`: the server's refusal, which says why the session ended (the handler says the spec's 'session invalidated' when it has no code). */
type SessionEndedHandler = (error: ApiError) => void;
let onSessionEnded: SessionEndedHandler = () => {};
/** The app shell registers what happens when the server ends the session (toast, go to /). */
export const setSessionEndedHandler = (fn: SessionEndedHandler) => {
  onSessionEnded = fn;
};

/** A call that never got a whole answer: the session stays as it is. */
const networkError = () => new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Check your connection and try again.');

let refreshing: Promise<'refreshed' | 'refused' | 'unreachable'> | null = null;

/**
 * Exchanges the refresh token once, however many calls find their access token expired at the same time. Only the
 * server's refusal ends the session; an answer that never arrived whole (offline, the page navigating away) does not.
 */
function refreshAccessToken(): Promise<'refreshed' | 'refused' | 'unreachable'> {
  refreshing ??= (async () => {
    const refreshToken = tokens.refresh;
    if (!refreshToken) return 'refused' as const;
    try {
      // /auth/refresh is one of the calls without session handling: its refusal comes back here as it is.
      const { data } = await request<TokenPair>('/auth/refresh', { method: 'POST', body: { refreshToken }, auth: false });
      tokens.set(data.token, data.refreshToken);
      return 'refreshed' as const;
    } catch (err) {
      return err instanceof ApiError && (err.status === 401 || err.status === 403) ? ('refused' as const) : ('unreachable' as const);
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A body's JSON, or null when it is not JSON (a proxy's HTML error page, say). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal; auth?: boolean };

/** One typed call to /api/v1: returns `data` and the message, or throws an ApiError. */
export async function request<T>(path: string, opts: RequestOptions = {}, retried = false): Promise<{ data: T; message?: string }> {
  const headers: Record<string, string> = {};
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  if (opts.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const access = tokens.access;
  if (access && opts.auth !== false) headers.authorization = `Bearer ${access}`;
  // The page's language (client/i18n.tsx keeps it on <html lang>): what the server writes to a visitor in, such as
  // the verification mail of a sign-up (server/lib/http.ts, requestLocale).
  if (typeof document !== 'undefined' && document.documentElement.lang) headers['accept-language'] = document.documentElement.lang;

  let res: Response;
  try {
    res = await fetch(`${API_PREFIX}${path}`, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw networkError();
  }
  // A body cut off on the way (the page navigating away mid-answer, a dropped connection) is a network failure, never
  // a refusal: it must not end the session (seen on a loaded machine as a signed-in page signed out by the next one).
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw networkError();
  }
  const body = parseJson(text) as (ApiResponse<T> & Record<string, unknown>) | null;
  if (res.ok && body?.success) return { data: body.data, message: body.message };

  return refused(res.status, body, { path, access, retried, retry: () => request<T>(path, opts, true) });
}

/**
 * A refusal of the server (or an answer that is not ours): an expired access token is refreshed once and the call
 * tried again by `retry`; a session the server ended is forgotten; anything else is thrown as an ApiError.
 */
async function refused<T>(
  status: number,
  body: (Record<string, unknown> & { success?: unknown }) | null,
  call: { path: string; access: string | null; retried: boolean; retry: () => Promise<T> },
): Promise<T> {
  const failure = body && !body.success ? (body as ApiFailureBody) : null;
  // Without a server message (a proxy's HTML error page, say) the message stays empty so callers show their default.
  const error = new ApiError(status, failure?.error ?? 'HTTP_ERROR', failure?.message ?? '', failure?.code, body ?? undefined, failure?.params);
  const handled = NO_SESSION_HANDLING.some((p) => call.path.startsWith(p));
  if (status === 401 && !handled && call.access) {
    if (error.code === 'TOKEN_EXPIRED' && !call.retried) {
      const refreshed = await refreshAccessToken();
      if (refreshed === 'refreshed') return call.retry();
      if (refreshed === 'unreachable') throw networkError();
    }
    const sessionEnded =
      (SESSION_ERROR_CODES as readonly string[]).includes(error.error) || (SESSION_ERROR_CODES as readonly string[]).includes(error.code ?? '') || error.code === 'TOKEN_EXPIRED';
    // A refusal of a token that is no longer the stored one (a sign-in in another tab, or this page's own after the call
    // left) ends nothing: the newer session stays.
    if (sessionEnded && tokens.access === call.access) {
      tokens.clear();
      onSessionEnded(error);
    }
  }
  throw error;
}
type ApiFailureBody = { error?: string; code?: string; message?: string; params?: Record<string, string | number> };

/** The file name a Content-Disposition header gives (`attachment; filename="x.json"`), or null. */
const fileNameOf = (disposition: string | null) => disposition?.match(/filename="([^"]+)"/)?.[1] ?? null;

/**
 * Calls a declared endpoint without path parameters that answers a file (the account's data): the file and the name
 * the server gave it. A refusal is thrown as `call` throws it (an expired token refreshed and the call made again
 * once, STEP_UP_REQUIRED for the caller to handle).
 */
export async function callFile<E extends Endpoint>(e: E, retried = false): Promise<{ blob: Blob; fileName: string | null }> {
  const access = tokens.access;
  const headers: Record<string, string> = {};
  if (access) headers.authorization = `Bearer ${access}`;
  if (typeof document !== 'undefined' && document.documentElement.lang) headers['accept-language'] = document.documentElement.lang;
  if (e.method !== 'GET') headers['content-type'] = 'application/json';
  let res: Response;
  let blob: Blob;
  try {
    res = await fetch(`${API_PREFIX}${fillPath(e.path, undefined)}`, { method: e.method, headers, body: e.method === 'GET' ? undefined : '{}' });
    blob = await res.blob();
  } catch {
    throw networkError();
  }
  if (res.ok) return { blob, fileName: fileNameOf(res.headers.get('content-disposition')) };
  const body = parseJson(await blob.text()) as (Record<string, unknown> & { success?: unknown }) | null;
  return refused(res.status, body, { path: e.path, access, retried, retry: () => callFile(e, true) });
}

/** One part of a call's input: absent when the endpoint has none, optional when every field of it is. */
type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : Record<string, never> extends T ? { [P in K]?: T } : { [P in K]: T };
/** What a call of the endpoint sends: its path parameters, query and body, as its declaration types them. */
export type CallInput<E> = Part<'params', ParamsOf<E>> & Part<'query', QueryOf<E>> & Part<'body', BodyOf<E>> & { signal?: AbortSignal; auth?: boolean };
type CallArgs<E> = Record<string, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * Calls a declared endpoint (shared/endpoints, decision 155): its method, its path with the parameters filled in,
 * the query and the body; resolves to the success's `data` (typed by the endpoint's response schema) and message.
 */
export function call<E extends Endpoint>(e: E, ...[input]: CallArgs<E>): Promise<{ data: DataOf<E>; message?: string }> {
  const { params, query, body, signal, auth } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    auth?: boolean;
  };
  const path = fillPath(e.path, params) + queryString(query);
  // A call that writes sends a JSON body, an empty object when it has none (as Fastify expects with a JSON type).
  const sent = e.method === 'GET' ? undefined : e.method === 'DELETE' ? body : (body ?? {});
  return request<DataOf<E>>(path, { method: e.method, body: sent, signal, auth });
}

/** The `data` of a declared endpoint's success: for queries (`queryFn: ({ signal }) => load(endpoints.x, { signal })`). */
export const load = <E extends Endpoint>(e: E, ...args: CallArgs<E>): Promise<DataOf<E>> => call(e, ...args).then((r) => r.data);

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>(path, { signal }).then((r) => r.data),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string, body?: unknown) => request<T>(path, { method: 'DELETE', body }),
};

/** The message to show for a failed call: the server's when it sent one, else the given default. */
export const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError && err.status !== 0 && err.message ? err.message : fallback);
