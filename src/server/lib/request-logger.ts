import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

type Log = (...args: unknown[]) => void;

/**
 * The logger of one request (`request.log`), made on its first use. Fastify gives every request a child of the
 * app's logger that carries its request id; pino's child() serializes those bindings through the redaction at once,
 * about 4 % of the CPU of an answer kept in memory (a CPU profile, bench/profile.mjs), while most requests log
 * nothing through it: the request line is written by the app's own logger (app.ts). What is logged is the same,
 * bindings, redaction and level included: this only moves the making of the child to the first line.
 */
class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly childBindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get made(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.childBindings, this.options));
  }

  get level(): LevelWithSilentOrString {
    return this.made.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.made.level = level;
  }

  fatal(...args: unknown[]): void {
    (this.made.fatal as Log)(...args);
  }
  error(...args: unknown[]): void {
    (this.made.error as Log)(...args);
  }
  warn(...args: unknown[]): void {
    (this.made.warn as Log)(...args);
  }
  info(...args: unknown[]): void {
    (this.made.info as Log)(...args);
  }
  debug(...args: unknown[]): void {
    (this.made.debug as Log)(...args);
  }
  trace(...args: unknown[]): void {
    (this.made.trace as Log)(...args);
  }
  silent(...args: unknown[]): void {
    (this.made.silent as Log)(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made when it first writes. */
export function requestLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new RequestLogger(parent, bindings, options);
}
