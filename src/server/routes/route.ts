import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  preValidationHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorsOf, kindOf, type Endpoint, type EndpointSchemas, type ErrorRef, type Method } from '../../shared/endpoints/endpoint';
import { BEARER, errorEnvelopeSchema, replies } from '../../shared/schemas/responses/envelope';
import { requireAdmin, requireUser } from '../plugins/auth';
import { ERROR_STATUS } from '../lib/errors';
import { limitsHook } from './rate-limits';

export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

type ErrorReplies = Record<'4xx' | '5xx', typeof errorEnvelopeSchema>;
/** The Fastify schema a declaration's schemas become: its answers and the error envelope of every refusal. */
type RouteSchema<S extends EndpointSchemas> = Omit<S, 'response'> & { response: S['response'] & ErrorReplies };

/** The handler of a declared endpoint: its request and its answer typed by the declaration's schemas. */
export type Handler<S extends EndpointSchemas> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<S>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** Route options beyond the declaration's: hooks run after the guard and the declared limits, compression, config. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema' | 'preValidation'> & { preValidation?: preValidationHookHandler | preValidationHookHandler[] };

/**
 * The guard's hook: a visitor is refused before the input is validated (401 rather than 400). A stand-in's guard is the
 * app's onRequest hook of every /dev/ address (plugins/stand-ins.ts), which runs before routing, so it has none here.
 */
const GUARD_HOOK = { user: requireUser, admin: requireAdmin, public: null, signed: null, 'stand-in': null } as const;

/** What /api/docs says of every stand-in. */
const STAND_IN_NOTE =
  'A stand-in: registered only while the site has no such service configured, and answering requests from the computer the site runs on (elsewhere 403 with code STAND_IN_LOCAL_ONLY; a public demo opens it to each visitor for their own data).';

/** The statuses an endpoint's errors answer, each with the codes that give it, for /api/docs. */
export function errorStatuses(errors: readonly ErrorRef[]): Map<number, ErrorRef[]> {
  const byStatus = new Map<number, ErrorRef[]>();
  for (const ref of errors) {
    const status = ERROR_STATUS[kindOf(ref)];
    byStatus.set(status, [...(byStatus.get(status) ?? []), ref]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** `POST /subscriptions/:id/change-plan` → `postSubscriptionsByIdChangePlan`: unique, as method and path are. */
export function operationIdOf(method: Method, path: string): string {
  const words = path
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part));
  return (
    method.toLowerCase() +
    words
      .flatMap((w) => w.split('-'))
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('')
  );
}

/**
 * The route of a declared endpoint (decisions 155, 177), on the app's zod type provider: its method and path, its guard
 * and then its declared rate limits (before the other preValidation hooks), the schemas that validate its input and serialize its answers, and what
 * /api/docs says of it (summary, security, tag, errors by status and in `x-error-codes`, rate limits).
 */
export async function route<M extends Method, P extends string, S extends EndpointSchemas>(
  app: ZodApp,
  e: Endpoint<M, P, S>,
  handler: Handler<S>,
  extras: RouteExtras = {},
): Promise<void> {
  const schemas = await e.schemas();
  const { consumes, response, ...input } = schemas;
  const errors = errorsOf(e, { validated: Boolean(input.params || input.querystring || input.body || input.headers) });
  // Each status of its refusals is listed (described by the codes that give it: plugins/openapi.ts), beside 4xx and 5xx.
  const errorReplies: Record<number, unknown> = {};
  for (const status of errorStatuses(errors).keys()) if (status < 500) errorReplies[status] = errorEnvelopeSchema;
  const guard = GUARD_HOOK[e.guard];
  // The declared limits route() applies (routes/rate-limits.ts): after the guard, before the route's own hooks.
  const limits = limitsHook(e.limits, () => app.ctx.limiter);
  const own = extras.preValidation ? [extras.preValidation].flat() : [];
  const hooks = [guard, limits, ...own].filter((hook) => hook !== null);
  const description = [
    e.description,
    e.guard === 'stand-in' ? STAND_IN_NOTE : null,
    e.limits?.length ? `Rate limits: ${e.limits.join(', ')} (429 TOO_MANY_REQUESTS with retryAfterSeconds).` : null,
  ]
    .filter(Boolean)
    .join('\n\n');
  const schema = {
    ...input,
    ...(consumes ? { consumes } : {}),
    operationId: operationIdOf(e.method, e.path),
    summary: e.summary,
    ...(description ? { description } : {}),
    tags: [e.tag],
    // A public call says so (an empty requirement), rather than leaving it to a document-wide default.
    security: e.guard === 'user' || e.guard === 'admin' ? BEARER : [],
    'x-error-codes': errors,
    ...(e.limits?.length ? { 'x-rate-limits': [...e.limits] } : {}),
    response: { ...errorReplies, ...replies(response) },
  };
  app.route({
    ...extras,
    method: e.method,
    url: e.path,
    schema: schema as unknown as RouteSchema<S>,
    ...(hooks.length ? { preValidation: hooks } : {}),
    handler: handler as RouteHandlerMethod,
  });
}
