import { MSG } from '../../shared/messages';
import type { ApiErrorCode, ApiErrorExtra } from '../../shared/schemas/responses/envelope';

/** Error codes of the API (the list the error envelope's schema names); the HTTP layer maps them to statuses in one place. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_INVALIDATED: 401,
  SESSION_INVALID: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<ApiErrorCode, number>;

export type ErrorCode = ApiErrorCode;

export class AppError extends Error {
  constructor(
    readonly error: ErrorCode,
    message: string,
    /** A finer code the client reads (for example TOKEN_VERSION_MISMATCH). */
    readonly code?: string,
    /** Fields of the error envelope beyond code and message (retryAfterSeconds of a rate limit). */
    readonly extra?: ApiErrorExtra,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.error];
  }
}

export const badRequest = (message: string, code?: string) => new AppError('BAD_REQUEST', message, code);
export const notFound = (message: string = MSG.notFound) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, code?: string) => new AppError('CONFLICT', message, code);
export const forbidden = (message: string = MSG.forbidden) => new AppError('FORBIDDEN', message);
export const unauthorized = (message: string = MSG.unauthorized, code?: string) => new AppError('UNAUTHORIZED', message, code);
