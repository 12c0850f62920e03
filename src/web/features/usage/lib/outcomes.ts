/**
 * Each outcome class of a call (src/shared/outcomes.ts) with its label and colour: the chart's bars and the
 * log's status chips read this one table, so a 429 looks the same in both.
 */
import { outcomeOf, type Outcome } from '../../../../shared/outcomes';

/** Theme palette keys (a Chip's `color`, `theme.palette[tone].main` in the chart). */
export type OutcomeTone = 'success' | 'neutral' | 'warning' | 'secondary' | 'info' | 'error';

export const OUTCOMES: readonly { key: Outcome; label: string; tone: OutcomeTone }[] = [
  { key: 'ok', label: '2xx', tone: 'success' },
  { key: 'redirection', label: '3xx', tone: 'neutral' },
  { key: 'clientError', label: '4xx', tone: 'warning' },
  { key: 'unauthorized', label: '401', tone: 'secondary' },
  { key: 'tooManyRequests', label: '429', tone: 'info' },
  { key: 'serverError', label: '5xx', tone: 'error' },
];

function outcomeTone(outcome: Outcome): OutcomeTone {
  return OUTCOMES.find((entry) => entry.key === outcome)?.tone ?? 'success';
}

/** A status's colour: its outcome's. */
export function statusTone(status: number): OutcomeTone {
  return outcomeTone(outcomeOf(status));
}
