import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The reads a server render makes through `app.inject` carry this header, with a value made at start that no
 * outside request can know: they are part of the page request, so they are not logged as requests of their own.
 */
export const INTERNAL_READ_HEADER = 'x-internal-read';
export const INTERNAL_READ_MARK = randomUUID();

export const isInternalRead = (request: FastifyRequest) => request.headers[INTERNAL_READ_HEADER] === INTERNAL_READ_MARK;
