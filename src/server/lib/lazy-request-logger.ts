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

  /** The child, made on first use. */
  get logger(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  // The level methods, each passing its line to the child (defined on the prototype below).
  declare readonly fatal: FastifyBaseLogger['fatal'];
  declare readonly error: FastifyBaseLogger['error'];
  declare readonly warn: FastifyBaseLogger['warn'];
  declare readonly info: FastifyBaseLogger['info'];
  declare readonly debug: FastifyBaseLogger['debug'];
  declare readonly trace: FastifyBaseLogger['trace'];
  declare readonly silent: FastifyBaseLogger['silent'];

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const) {
  Object.defineProperty(LazyChildLogger.prototype, level, {
    value(this: LazyChildLogger, ...args: unknown[]): void {
      (this.logger[level] as AnyLogFn)(...args);
    },
  });
}

/** Fastify's `childLoggerFactory`: the request's logger, made when first written to. */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options);
