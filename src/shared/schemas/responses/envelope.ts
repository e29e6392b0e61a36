import { z } from 'zod';
import { ERROR_CODES } from '../../errors';

/**
 * What /api/v1 answers (R-D3.3), as zod schemas: the server serializes every JSON answer with them (a field that
 * is not in a route's schema does not leave the server), /api/docs describes them, and the client's types are
 * inferred from them. The client imports these modules for their types only, so none of it reaches its bundle.
 */

/** The error codes of the API (`error` of the error envelope); the server maps each to its HTTP status. */
export const API_ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'TOKEN_INVALIDATED',
  'SESSION_INVALID',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Every refusal and failure of /api/v1, whatever the route and status. */
export const errorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    error: z.enum(API_ERROR_CODES).describe('The kind of failure; each kind has one HTTP status.'),
    code: z
      .enum(ERROR_CODES)
      .describe(
        'What was refused or failed, one of a fixed list (shared/errors.ts): a screen shows the text of this code in its own language. Clients act on some: TOKEN_EXPIRED (refresh the token), TOKEN_VERSION_MISMATCH, SESSION_NOT_FOUND and SESSION_INVALID (the session ended), EMAIL_NOT_VERIFIED, RATE_LIMITED, …',
      ),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe("The values the code's text names (RATE_LIMITED: minutes; REQUIRED: field; NOT_RECURRING: kind)."),
    message: z.string().describe("The code's text in English (the spec's words where it gives them), for logs and API clients."),
    field: z.string().optional().describe('VALIDATION_ERROR of a request schema: the path of the first field refused (address.city).'),
    retryAfterSeconds: z.number().optional().describe('TOO_MANY_REQUESTS: when to try again.'),
    providerStatus: z.number().nullable().optional().describe('BAD_GATEWAY: the HTTP status the payment provider answered (null: no answer).'),
  })
  .meta({ id: 'ErrorEnvelope', description: 'The answer to every refused or failed call: `success` false, the kind of error, its code (with params) and its English text.' });
export type ApiFailure = z.infer<typeof errorEnvelopeSchema>;
/** What an AppError may add to the error envelope. */
export type ApiErrorExtra = Pick<ApiFailure, 'retryAfterSeconds' | 'providerStatus' | 'field'>;

/** The success envelope around a route's data: `{ success: true, data, message? }`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string().optional().describe('A sentence to show the user, on calls that change something.') });
export type ApiSuccess<T> = { success: true; data: T; message?: string };
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

/** A route's answers: its successes (status → schema) and the error envelope for every 4xx and 5xx. */
export const replies = <S extends Record<number, unknown>>(success: S) => ({ ...success, '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema });

/** The OpenAPI security requirement of a route that needs `Authorization: Bearer <access token>`. */
export const BEARER: { bearer: string[] }[] = [{ bearer: [] }];

export const paginationSchema = z
  .object({ currentPage: z.number().int(), totalPages: z.number().int(), totalItems: z.number().int(), itemsPerPage: z.number().int() })
  .meta({ id: 'Pagination' });
export type Pagination = z.infer<typeof paginationSchema>;

/** An instant as the API writes it: ISO 8601 in UTC (2026-11-22T10:00:00.000Z). */
export const isoTime = z.string().describe('ISO 8601 time in UTC');

/** A success that carries no data (`data` is null), only its message. */
export const noData = envelope(z.null());

/** A file the route sends instead of JSON (a PDF, an HTML page): documented by its content type, sent as it is. */
export const fileReply = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.custom<Uint8Array | string>(() => true).meta({ type: 'string', format: 'binary' }) } },
});

/**
 * A route that sends the JSON text of its answer, made once and kept in memory (the public blog): the schema
 * documents it, and the text, which Fastify sends as it is, was made from a value of the same schema.
 */
export const orJsonText = <S extends z.ZodType>(schema: S) => schema as unknown as z.ZodType<z.output<S> | string, z.input<S>>;
