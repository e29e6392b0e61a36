import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { readIssue, type ErrorCode, type ErrorParamValues } from '../../shared/errors';
import { causeChain, databaseCode } from '../db/errors';
import { AppError, envelopeOf } from '../lib/errors';

/**
 * Errors Fastify meets before routing (a URL with a broken percent-encoding such as `/x/%ZZ`): the envelope too,
 * instead of Fastify's own body, which echoes the URL back.
 */
export function frameworkErrors(_err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send(envelopeOf('BAD_REQUEST', 'INVALID_REQUEST'));
}

/** Maps every error to the JSON envelope (decision 150): an AppError as it says, the rest by a code of their own. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) return reply.status(err.status).send({ ...envelopeOf(err.error, err.code, err.params, err.message), ...err.extra });
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A shared schema's issue carries its code (shared/errors.ts, `issue`); zod's own texts keep their English.
      const first = err.validation[0];
      const known = first?.message ? readIssue(first.message) : null;
      const path = first?.instancePath?.split('/').filter(Boolean) ?? [];
      // A rule without a code of its own: coded by its kind, its message (the schema's English) kept.
      const found = known ?? validationCode(first?.keyword, first?.params, valueAt(request, (err as FastifyError).validationContext, path));
      const body = envelopeOf('VALIDATION_ERROR', found.code, found.params, (!known && first?.message) || undefined);
      return reply.status(400).send({ ...body, field: path.join('.') || undefined });
    }
    const fe = err as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(envelopeOf('PAYLOAD_TOO_LARGE', 'PAYLOAD_TOO_LARGE'));
    if (status === 429) return reply.status(429).send(envelopeOf('TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type): their messages carry no internals.
      const code = fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'UNSUPPORTED_CONTENT_TYPE' : fe.code?.startsWith('FST_ERR_CTP') ? 'INVALID_JSON' : 'INVALID_REQUEST';
      return reply.status(status).send(envelopeOf(status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST', code));
    }
    if (databaseCode(err, INPUT_CODES)) {
      // The database refused a value the schemas let through (a NUL byte in text, a number out of range): the
      // client's input, so a 400, and nothing of the database's message.
      return reply.status(400).send(envelopeOf('BAD_REQUEST', 'INVALID_REQUEST'));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply.status(503).send(envelopeOf('SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE'));
    }
    // A failed query is logged without its parameters (the log's err serializer, app.ts).
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(envelopeOf('INTERNAL_ERROR', 'INTERNAL_ERROR'));
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(envelopeOf('NOT_FOUND', 'NOT_FOUND')));
}

/**
 * The code of a zod issue that carries none of its own (a schema's rule with zod's, or a plain English, message): by
 * the kind of rule it broke, with the limit its text names. The envelope's `field` says which value; `message` keeps
 * the schema's English.
 */
export function validationCode(keyword: string | undefined, params: Record<string, unknown> = {}, value?: unknown): { code: ErrorCode; params?: ErrorParamValues } {
  const origin = params.origin;
  const limit = (key: 'minimum' | 'maximum') => (typeof params[key] === 'number' || typeof params[key] === 'bigint' ? Number(params[key]) : undefined);
  switch (keyword) {
    case 'too_big': {
      const max = limit('maximum');
      if (max === undefined) return { code: 'INVALID_INPUT' };
      if (origin === 'string') return { code: 'TEXT_TOO_LONG', params: { max } };
      if (origin === 'array' || origin === 'set') return { code: 'TOO_MANY_ITEMS', params: { max } };
      return { code: 'NUMBER_TOO_LARGE', params: { max } };
    }
    case 'too_small': {
      const min = limit('minimum');
      if (min === undefined) return { code: 'INVALID_INPUT' };
      if (origin === 'string') return min <= 1 ? { code: 'VALUE_REQUIRED' } : { code: 'TOO_SHORT', params: { min } };
      if (origin === 'array' || origin === 'set') return { code: 'VALUE_REQUIRED' };
      return { code: 'NUMBER_TOO_SMALL', params: { min } };
    }
    case 'invalid_format':
      return { code: params.format === 'uuid' || params.format === 'guid' ? 'INVALID_ID' : 'INVALID_FORMAT' };
    case 'invalid_type':
      return { code: value === undefined || value === null ? 'VALUE_REQUIRED' : 'WRONG_TYPE' };
    case 'invalid_value':
    case 'invalid_union':
      return { code: 'NOT_IN_LIST' };
    case 'unrecognized_keys':
      return { code: 'UNKNOWN_FIELD' };
    default:
      return { code: 'INVALID_INPUT' };
  }
}

/**
 * The refusal of input a handler parses itself (a multipart form's fields, read as a stream): the same answer a request
 * schema's refusal gets from the error handler, its first issue's code (its own, or by its kind), params and field.
 */
export function refusalOf(error: z.ZodError, input: unknown): AppError {
  const [first] = error.issues;
  const path = (first?.path ?? []).map(String);
  const known = first ? readIssue(first.message) : null;
  const { code: keyword, message: _message, path: _path, ...params } = (first ?? {}) as unknown as Record<string, unknown>;
  const found = known ?? validationCode(keyword as string | undefined, params, valueIn(input, path));
  return new AppError('VALIDATION_ERROR', found.code, {
    params: found.params,
    message: (!known && first?.message) || undefined,
    extra: { field: path.join('.') || undefined },
  } as never);
}

/** The value a validation issue is about, in the part of the request it names (body, querystring, params). */
function valueAt(request: FastifyRequest, context: string | undefined, path: readonly string[]): unknown {
  const value: unknown = context === 'body' ? request.body : context === 'querystring' ? request.query : context === 'params' ? request.params : undefined;
  return valueIn(value, path);
}

/** The value at `path` inside `value`; undefined where the path leads nowhere. */
function valueIn(value: unknown, path: readonly string[]): unknown {
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08003', '08006', '53300']);

/** SQLSTATEs of values the database cannot hold: NUL or bad bytes in text, bad number or date text, too long, out of range. */
const INPUT_CODES = new Set(['22021', '22P05', '22P02', '22001', '22003', '22007', '22008']);

function isDatabaseUnavailable(err: unknown): boolean {
  for (const { code, message } of causeChain(err)) {
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(message)) return true;
  }
  return false;
}
