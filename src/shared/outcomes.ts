/**
 * The outcome classes of a public call, named as the spec's UsageSeries points name them: the server's
 * rollups count them, the usage chart stacks them and the log's status chips colour by them. Each status
 * filter of the Usage screen is a set of them (STATUS_FILTER_OUTCOMES), so the chart and totals can follow
 * the filter exactly from the rollups.
 */
export const OUTCOME_CLASSES = ['ok', 'redirection', 'clientError', 'unauthorized', 'tooManyRequests', 'serverError'] as const;

export type Outcome = (typeof OUTCOME_CLASSES)[number];

/** The class a status counts under (a 304 is a `redirection`, RFC 9110 section 15.4). */
export function outcomeOf(status: number): Outcome {
  if (status === 401) return 'unauthorized';
  if (status === 429) return 'tooManyRequests';
  if (status >= 500) return 'serverError';
  if (status >= 400) return 'clientError';
  if (status >= 300) return 'redirection';
  return 'ok';
}

/** The classes that count as errors in an error rate. */
export const ERROR_OUTCOMES: readonly Outcome[] = ['clientError', 'unauthorized', 'tooManyRequests', 'serverError'];

/** The status filters of the Usage operations (the spec's `status` parameter) and the classes each keeps. */
export const STATUS_FILTER_OUTCOMES = {
  '2xx': ['ok'],
  '3xx': ['redirection'],
  '4xx': ['clientError', 'unauthorized', 'tooManyRequests'],
  '5xx': ['serverError'],
  '401': ['unauthorized'],
  '429': ['tooManyRequests'],
} as const satisfies Record<string, readonly Outcome[]>;

export type StatusFilter = keyof typeof STATUS_FILTER_OUTCOMES;
