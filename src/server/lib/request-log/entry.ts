/**
 * One public API call as the request log keeps it. Never the token value, any other header, or a body:
 * the path is as sent with anything token-like redacted, the user agent cut to 200 characters.
 */
export interface RequestLogEntry {
  loggedAt: Date;
  userId: number;
  tokenId: number;
  operationId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  responseBytes: number;
  userAgent: string | null;
  clientAddress: string | null;
}

export const MAX_USER_AGENT = 200;
export const MAX_PATH = 2000;

/** The outcome classes the rollups count and the chart stacks. */
export type Outcome = 'ok' | 'clientError' | 'unauthorized' | 'tooMany' | 'serverError';

export function outcomeOf(status: number): Outcome {
  if (status === 401) return 'unauthorized';
  if (status === 429) return 'tooMany';
  if (status >= 500) return 'serverError';
  if (status >= 400) return 'clientError';
  return 'ok';
}
