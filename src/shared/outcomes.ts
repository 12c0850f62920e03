/**
 * The outcome classes of a public call, named as the spec's UsageSeries points name them: the server's
 * rollups count them, the usage chart stacks them and the log's status chips colour by them.
 */
export const OUTCOME_CLASSES = ['ok', 'clientError', 'unauthorized', 'tooManyRequests', 'serverError'] as const;

export type Outcome = (typeof OUTCOME_CLASSES)[number];

/** The class a status counts under (a 304 is an `ok`). */
export function outcomeOf(status: number): Outcome {
  if (status === 401) return 'unauthorized';
  if (status === 429) return 'tooManyRequests';
  if (status >= 500) return 'serverError';
  if (status >= 400) return 'clientError';
  return 'ok';
}
