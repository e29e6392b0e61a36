import type { z } from 'zod';
import type { ApiErrorCode } from '../schemas/responses/envelope';
import type { ErrorCode } from '../errors';

/**
 * One declaration per endpoint of /api/v1 (decision 155): the server registers the route from it
 * (server/routes/route.ts), /api/docs describes it, and the browser calls it (client/api/client.ts `call`).
 *
 * The declaration holds plain data (method, path, guard, summary, errors, rate limits) and a loader of its zod
 * schemas. The loader imports the schema modules dynamically: the server awaits it when it registers the route; the
 * browser never calls it and needs only the schemas' types, so a page that calls an endpoint downloads no zod schema
 * for it (the bundler puts the schema modules in chunks of their own, fetched only by a screen that imports them).
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call the endpoint: `public` anyone; `user` a signed-in user (bearer token); `admin` a signed-in admin;
 * `signed` no account but a signature the handler checks (Razorpay webhooks); `stand-in` a stand-in of a service the
 * site is not configured with (the embedded mailbox): registered only then, and answering this computer only (the
 * app's guard of /dev/* and /api/v1/dev/*, server/plugins/stand-ins.ts, refuses the others before routing).
 */
export type Guard = 'public' | 'user' | 'admin' | 'signed' | 'stand-in';

/**
 * An error the endpoint may answer: the kind of the error envelope (`error`, one HTTP status each), or the kind and
 * a finer `code` after a colon (`FORBIDDEN:NOT_ENTITLED`). The refusals every endpoint of its kind may give (invalid
 * input, no session, not an admin, a rate limit) are added by `errorsOf` and need not be listed.
 */
export type ErrorRef = ApiErrorCode | `${ApiErrorCode}:${ErrorCode}`;

/** The zod schemas of an endpoint: its input (path parameters, query, body, headers) and its answers by status. */
export type EndpointSchemas = {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The success answers by status (the error envelope of 4xx and 5xx is added at registration). */
  response: Partial<Record<number, unknown>>;
  /** Request body media types other than JSON (the image upload's multipart form). */
  consumes?: string[];
};

export type Endpoint<M extends Method = Method, P extends string = string, S extends EndpointSchemas = EndpointSchemas> = {
  method: M;
  /** The path under /api/v1, parameters as `:name`. */
  path: P;
  guard: Guard;
  /** One line for /api/docs. */
  summary: string;
  /** What more /api/docs says of it (the rules it follows, what it answers when). */
  description?: string;
  /** The /api/docs group. */
  tag: string;
  /** The endpoint's own refusals (see ErrorRef). */
  errors?: readonly ErrorRef[];
  /** The rate limits that count its calls, by the `name` of each limit (the rate-limits.ts modules of the server's services hold their numbers). */
  limits?: readonly string[];
  /** The schemas, loaded when the server registers the route (see the module's comment). */
  schemas: () => Promise<S>;
};

/**
 * Declares an endpoint, keeping its method and path as literal types. Without side effects: the browser's build drops
 * a declaration nothing of it calls (decision 177).
 */
export const endpoint = /* @__NO_SIDE_EFFECTS__ */ <const M extends Method, const P extends string, S extends EndpointSchemas>(declaration: Endpoint<M, P, S>): Endpoint<M, P, S> =>
  declaration;

/**
 * The loader of an area's schema modules, made once: `pick` chooses one endpoint's schemas from them. So each
 * declaration reads `schemas: area.pick((s) => ({ body: s.loginSchema, response: { 200: s.envelope(s.loginResult) } }))`.
 */
export function lazySchemas<T>(load: () => Promise<T>) {
  let loaded: Promise<T> | null = null;
  return {
    pick<S extends EndpointSchemas>(choose: (modules: T) => S): () => Promise<S> {
      let picked: Promise<S> | null = null;
      return () => (picked ??= (loaded ??= load()).then(choose));
    },
  };
}

/** The refusals of a call without a valid session (plugins/auth.ts and services/auth/sessions.ts give them). */
const SESSION_ERRORS: ErrorRef[] = [
  'UNAUTHORIZED',
  'UNAUTHORIZED:SESSION_NOT_FOUND',
  'UNAUTHORIZED:ACCOUNT_CLOSED',
  'TOKEN_EXPIRED:TOKEN_EXPIRED',
  'TOKEN_INVALIDATED:TOKEN_INVALIDATED',
  'TOKEN_INVALIDATED:TOKEN_VERSION_MISMATCH',
  'SESSION_INVALID:SESSION_INVALID',
];

/** Every error an endpoint may answer: its own, and those of its guard, its input and its limits. */
export function errorsOf(e: Pick<Endpoint, 'guard' | 'errors' | 'limits' | 'method' | 'path'>, input: { validated: boolean }): ErrorRef[] {
  const all: ErrorRef[] = [];
  if (input.validated) all.push('VALIDATION_ERROR');
  if (e.guard === 'user' || e.guard === 'admin') all.push(...SESSION_ERRORS);
  if (e.guard === 'admin') all.push('FORBIDDEN:ADMIN_ONLY', 'FORBIDDEN:ADMIN_TWO_FACTOR_REQUIRED');
  if (e.guard === 'stand-in') all.push('FORBIDDEN:STAND_IN_LOCAL_ONLY');
  if (e.limits?.length) all.push('TOO_MANY_REQUESTS:RATE_LIMITED');
  for (const ref of e.errors ?? []) if (!all.includes(ref)) all.push(ref);
  return all;
}

/**
 * Whether an endpoint's errors list an answer of this kind and code: the pair (`CONFLICT:ALREADY_SUBSCRIBED`), or the
 * kind alone for its own code (`NOT_FOUND`) and, for VALIDATION_ERROR, for any code: those of invalid input are the
 * request schemas' (their fields' rules), which /api/docs shows with the schemas.
 */
export function declares(errors: readonly ErrorRef[], kind: string, code: string | undefined): boolean {
  const refs: readonly string[] = errors;
  if (refs.includes(`${kind}:${code}`)) return true;
  return refs.includes(kind) && (code === undefined || code === kind || kind === 'VALIDATION_ERROR');
}

/** The kind of an error reference (`FORBIDDEN:NOT_ENTITLED` → FORBIDDEN). */
export const kindOf = (ref: ErrorRef): ApiErrorCode => ref.split(':')[0] as ApiErrorCode;

type Schemas<E> = E extends Endpoint<Method, string, infer S> ? S : never;
type InputOf<S, K extends keyof EndpointSchemas> = S extends Record<K, infer T> ? (T extends z.ZodType ? z.input<T> : never) : undefined;
type SuccessOf<S> = S extends { response: infer R } ? R[keyof R] : never;
type DataIn<T> = T extends { success: true; data: infer D } ? D : never;

/** The path parameters, query and body a call of the endpoint sends (the types of its request schemas). */
export type ParamsOf<E> = InputOf<Schemas<E>, 'params'>;
export type QueryOf<E> = InputOf<Schemas<E>, 'querystring'>;
export type BodyOf<E> = InputOf<Schemas<E>, 'body'>;
/** The `data` of the endpoint's success envelope. */
export type DataOf<E> = DataIn<SuccessOf<Schemas<E>> extends infer R ? (R extends z.ZodType ? z.output<R> : never) : never>;
/** The whole success answer of the endpoint (its envelope, or what a route that is not an envelope answers). */
export type ReplyOf<E> = SuccessOf<Schemas<E>> extends infer R ? (R extends z.ZodType ? z.output<R> : never) : never;

/** `TOO_MANY_REQUESTS:RATE_LIMITED, NOT_FOUND` → `TOO_MANY_REQUESTS (code RATE_LIMITED), NOT_FOUND`. */
export const codeList = (refs: readonly ErrorRef[]) => refs.map((ref) => ref.replace(/:(.+)$/, ' (code $1)')).join(', ');

/** `/subscriptions/:id/cancel` with `{ id }` → `/subscriptions/<id>/cancel`, each value URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string (with its `?`) of the defined values, or '' when there are none. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
