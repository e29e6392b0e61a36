import type { FastifyInstance } from 'fastify';
import { declares, type ErrorRef } from '../../shared/endpoints/endpoint';

/**
 * Failures any call may meet, whatever it declares: the document's 5xx (a fault of the server, the database or Redis away) and
 * the refusals of a body Fastify cannot read before the route sees it (not JSON, too large, another media type),
 * which /api/docs lists under every operation's 4xx.
 */
const ANY_CALL = new Set([
  'INTERNAL_ERROR:INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE:SERVICE_UNAVAILABLE',
  // Redis away: every limited call answers 503 until it is back (docs/operations.md, section 3).
  'SERVICE_UNAVAILABLE:RATE_LIMIT_STORE_UNAVAILABLE',
  'BAD_REQUEST:INVALID_JSON',
  'BAD_REQUEST:INVALID_REQUEST',
  'PAYLOAD_TOO_LARGE:PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE:UNSUPPORTED_CONTENT_TYPE',
]);

type Refusal = { success: false; error: string; code?: string };

/** The error envelope an answer's text is, or null. */
function envelopeIn(payload: string): Refusal | null {
  try {
    const body = JSON.parse(payload) as Partial<Refusal> | null;
    return body?.success === false && typeof body.error === 'string' ? (body as Refusal) : null;
  } catch {
    return null;
  }
}

/**
 * Watches a test app's refusals (decision 177): each error envelope a declared endpoint answers must be one its
 * declaration lists (`x-error-codes`, made by route() from the declaration and errorsOf). `take()` gives, and forgets,
 * the answers that were not: the harness fails the call that got one, and the app's close for calls made otherwise.
 */
export function watchDeclaredErrors(app: FastifyInstance): { take: () => string[] } {
  const found: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    const declared = (request.routeOptions.schema as { 'x-error-codes'?: readonly ErrorRef[] } | undefined)?.['x-error-codes'];
    if (!declared) return payload;
    const body = envelopeIn(payload);
    if (!body) return payload;
    const ref = `${body.error}:${body.code ?? body.error}`;
    if (!ANY_CALL.has(ref) && !declares(declared, body.error, body.code)) {
      found.push(`${request.method} ${request.routeOptions.url} answered ${reply.statusCode} ${ref}, which its declaration (shared/endpoints) does not list`);
    }
    return payload;
  });
  return { take: () => found.splice(0) };
}
