import { englishError, type ErrorCode, type ErrorParams, type ErrorParamValues } from '../../shared/errors';
import type { ApiErrorCode, ApiErrorExtra } from '../../shared/schemas/responses/envelope';

/** The kinds of error of the API (`error` of the envelope); the HTTP layer maps each to its status in one place. */
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

export type ErrorKind = ApiErrorCode;

/** What an AppError carries besides its kind and code: its code's params (required when its text has any). */
export type AppErrorOptions<C extends ErrorCode> = ([ErrorParams<C>] extends [never] ? { params?: undefined } : { params: ErrorParams<C> }) & {
  /** Fields of the envelope beyond code and message (retryAfterSeconds of a rate limit). */
  extra?: ApiErrorExtra;
  /** An English message other than the code's text, for logs and API clients (the payment provider's own description). */
  message?: string;
};
/** The options argument: optional for a code whose text has no params. */
export type OptionsArg<C extends ErrorCode> = [ErrorParams<C>] extends [never] ? [options?: AppErrorOptions<C>] : [options: AppErrorOptions<C>];

/**
 * A refusal or failure the API answers with its envelope (decision 150): the kind (its HTTP status), a code of the
 * one list (shared/errors.ts) with the params its text names, and that text in English as the message.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly params?: ErrorParamValues;
  readonly extra?: ApiErrorExtra;
  constructor(
    readonly error: ErrorKind,
    readonly code: C,
    ...[options]: OptionsArg<C>
  ) {
    const params = options?.params as ErrorParamValues | undefined;
    super(options?.message ?? englishError(code, params));
    this.params = params;
    this.extra = options?.extra;
  }
  get status(): number {
    return ERROR_STATUS[this.error];
  }
}

export const badRequest = <C extends ErrorCode>(code: C, ...options: OptionsArg<C>) => new AppError('BAD_REQUEST', code, ...options);
export const notFound = <C extends ErrorCode = 'NOT_FOUND'>(code: C = 'NOT_FOUND' as C, ...options: OptionsArg<C>) => new AppError('NOT_FOUND', code, ...options);
export const conflict = <C extends ErrorCode>(code: C, ...options: OptionsArg<C>) => new AppError('CONFLICT', code, ...options);
export const forbidden = <C extends ErrorCode = 'FORBIDDEN'>(code: C = 'FORBIDDEN' as C, ...options: OptionsArg<C>) => new AppError('FORBIDDEN', code, ...options);
export const unauthorized = <C extends ErrorCode = 'UNAUTHORIZED'>(code: C = 'UNAUTHORIZED' as C, ...options: OptionsArg<C>) => new AppError('UNAUTHORIZED', code, ...options);

/** The envelope of a refusal or failure: its kind, its code with the params its text names, and that text in English. */
export const envelopeOf = (error: ErrorKind, code: ErrorCode, params?: ErrorParamValues, message = englishError(code, params)) => ({
  success: false as const,
  error,
  code,
  ...(params ? { params } : {}),
  message,
});
