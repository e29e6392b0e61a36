import { DrizzleQueryError } from 'drizzle-orm';

/** The error and its causes, each once (a cause chain may loop): node-postgres and PGlite errors may sit behind Drizzle's wrapper. */
export function* causeChain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  const seen = new Set<unknown>();
  for (let e: unknown = err; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    yield e;
  }
}

/** The SQLSTATE (or Node error code) anywhere in the cause chain, when it is one of `codes`. */
export function databaseCode(err: unknown, codes: ReadonlySet<string>): string | null {
  for (const { code } of causeChain(err)) if (typeof code === 'string' && codes.has(code)) return code;
  return null;
}

const UNIQUE_VIOLATION = new Set(['23505']);

/** PostgreSQL's unique_violation (23505) anywhere in the cause chain: another row took the value meanwhile. */
export const isUniqueViolation = (err: unknown): boolean => databaseCode(err, UNIQUE_VIOLATION) !== null;

/**
 * What a log keeps of an error. A failed query is kept as its text and the database's code and message only: Drizzle's
 * error carries the query's parameters (a new password's hash, an address) in its message, stack and `params`, and
 * the database's own error may repeat a row in its `detail`. Any other error is logged as it is.
 */
export function loggableError(err: unknown): unknown {
  for (const e of causeChain(err)) {
    if (!(e instanceof DrizzleQueryError)) continue;
    const cause = (e.cause ?? {}) as { code?: unknown; message?: unknown };
    return { type: 'DrizzleQueryError', query: e.query, cause: { code: cause.code, message: cause.message } };
  }
  return err;
}
