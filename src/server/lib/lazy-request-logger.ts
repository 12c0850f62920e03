/**
 * Fastify gives every request a child logger bound to its id. Nearly every request writes only its access
 * line, which access-log.ts writes through the server's logger with the id itself, so the child is made on
 * the request's first other line instead of on every request (pino's child() was over 1% of a hot call's
 * CPU). A line written through it is the same as through the child made at once.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type AnyLogFn = (...args: unknown[]) => void;

class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: unknown[]): void {
    (this.logger.fatal as AnyLogFn)(...args);
  }

  error(...args: unknown[]): void {
    (this.logger.error as AnyLogFn)(...args);
  }

  warn(...args: unknown[]): void {
    (this.logger.warn as AnyLogFn)(...args);
  }

  info(...args: unknown[]): void {
    (this.logger.info as AnyLogFn)(...args);
  }

  debug(...args: unknown[]): void {
    (this.logger.debug as AnyLogFn)(...args);
  }

  trace(...args: unknown[]): void {
    (this.logger.trace as AnyLogFn)(...args);
  }

  silent(...args: unknown[]): void {
    (this.logger.silent as AnyLogFn)(...args);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made when first written to. */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options);
