import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '../../shared/messages';
import { causeChain, databaseCode } from '../db/errors';
import { AppError } from '../lib/errors';

/**
 * Errors Fastify meets before routing (a URL with a broken percent-encoding such as `/x/%ZZ`): the envelope too,
 * instead of Fastify's own body, which echoes the URL back.
 */
export function frameworkErrors(_err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send({ success: false, error: 'BAD_REQUEST', message: 'Invalid request' });
}

/** Maps every error to the JSON envelope: known codes keep their message, the rest become a bare 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ success: false, error: err.error, ...(err.code ? { code: err.code } : {}), message: err.message, ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      return reply.status(400).send({ success: false, error: 'VALIDATION_ERROR', message: first?.message ?? 'Invalid request', field: first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined });
    }
    const fe = err as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ success: false, error: 'PAYLOAD_TOO_LARGE', message: MSG.payloadTooLarge });
    if (status === 429) return reply.status(429).send({ success: false, error: 'TOO_MANY_REQUESTS', message: MSG.tooManyRequests });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type): their messages carry no internals.
      const message = fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type' : fe.code?.startsWith('FST_ERR_CTP') ? 'The request body is not valid JSON' : 'Invalid request';
      return reply.status(status).send({ success: false, error: status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST', message });
    }
    if (databaseCode(err, INPUT_CODES)) {
      // The database refused a value the schemas let through (a NUL byte in text, a number out of range): the
      // client's input, so a 400, and nothing of the database's message.
      return reply.status(400).send({ success: false, error: 'BAD_REQUEST', message: 'Invalid request' });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply.status(503).send({ success: false, error: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable });
    }
    // A failed query is logged without its parameters (the log's err serializer, app.ts).
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ success: false, error: 'INTERNAL_ERROR', message: MSG.internal });
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ success: false, error: 'NOT_FOUND', message: MSG.notFound }));
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
