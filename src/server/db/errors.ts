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
