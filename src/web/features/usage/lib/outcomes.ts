/**
 * The outcome classes of a call, as the usage series counts them (`ok`, `clientError`, `unauthorized`,
 * `tooManyRequests`, `serverError`), and each one's colour: the chart's bars and the log's status chips
 * read this one table, so a 429 looks the same in both.
 */
export type Outcome = 'ok' | 'clientError' | 'unauthorized' | 'tooManyRequests' | 'serverError';

/** Theme palette keys (a Chip's `color`, `theme.palette[tone].main` in the chart). */
export type OutcomeTone = 'success' | 'warning' | 'secondary' | 'info' | 'error';

export const OUTCOMES: readonly { key: Outcome; label: string; tone: OutcomeTone }[] = [
  { key: 'ok', label: '2xx', tone: 'success' },
  { key: 'clientError', label: '4xx', tone: 'warning' },
  { key: 'unauthorized', label: '401', tone: 'secondary' },
  { key: 'tooManyRequests', label: '429', tone: 'info' },
  { key: 'serverError', label: '5xx', tone: 'error' },
];

/** The class a status counts under, as the server's rollups count it (a 304 is an `ok`). */
export function outcomeOf(status: number): Outcome {
  if (status === 401) return 'unauthorized';
  if (status === 429) return 'tooManyRequests';
  if (status >= 500) return 'serverError';
  if (status >= 400) return 'clientError';
  return 'ok';
}

function outcomeTone(outcome: Outcome): OutcomeTone {
  return OUTCOMES.find((entry) => entry.key === outcome)?.tone ?? 'success';
}

/** A status's colour: its outcome's. */
export function statusTone(status: number): OutcomeTone {
  return outcomeTone(outcomeOf(status));
}
