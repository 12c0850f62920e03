/**
 * The one error type the UI sees. `status` is the HTTP status (0 when no response arrived);
 * `message` is the response's `message` field when it has one, otherwise the error's own message.
 * Never built from a URL, so a token in a path cannot leak into it.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The answer's `Retry-After` in seconds, when it gave one (a 429 or 503 says how long to wait). */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A header's whole number of seconds (`Retry-After: 840`, `RateLimit-Reset: 38`); null when absent or not one. */
export function headerSeconds(raw: string | null): number | null {
  return raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/** Reads `message` from an error body shaped like the spec's `Error` schema, if it is one. */
export function messageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.length > 0) return message;
  }
  return undefined;
}

/** Any thrown value as an Error with a readable message. */
export function toError(value: unknown): Error {
  if (value instanceof Error) return value;
  return new Error(typeof value === 'string' ? value : 'Unknown error');
}
