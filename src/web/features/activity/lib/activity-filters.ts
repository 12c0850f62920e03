/**
 * The Activity screen's state lives in the URL (`/activity?type=token_created&from=2026-03-01&to=2026-03-31
 * &cursor=...`), so a filtered view can be shared and Back returns to the page before. `from` and `to`
 * are local days; the range asked of the server runs from the start of `from` to the end of `to` (the
 * server's `to` is exclusive, so it gets the start of the next day). `cursor` repeats: the keyset cursors
 * of the pages below the newest, newest first; Newer drops the last one.
 */
import { EVENT_LABELS, type ActivityEventType } from './activity-text';

export type { ActivityEventType } from './activity-text';

/** Every event type, in the order the filter offers them: the labels' order (their table must name every type). */
export const EVENT_TYPES = Object.keys(EVENT_LABELS) as ActivityEventType[];

export interface ActivityFilters {
  type?: ActivityEventType;
  /** Local days, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
}

export interface ActivityView {
  filters: ActivityFilters;
  /** The cursors of the pages below the newest one, newest first; empty: the newest page. */
  cursors: string[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day when it is one of the calendar's (not 2026-02-30). */
function validDay(text: string | null): string | undefined {
  if (text === null || !DAY.test(text)) return undefined;
  const date = localDayStart(text);
  const [, month, day] = text.split('-').map(Number);
  return date.getMonth() + 1 === month && date.getDate() === day ? text : undefined;
}

function isEventType(text: string | null): text is ActivityEventType {
  return text !== null && (EVENT_TYPES as readonly string[]).includes(text);
}

/** Midnight of a local day. */
function localDayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? NaN, (month ?? NaN) - 1, date ?? NaN);
}

export function parseView(params: URLSearchParams): ActivityView {
  const type = params.get('type');
  const from = validDay(params.get('from'));
  const to = validDay(params.get('to'));
  return {
    filters: { ...(isEventType(type) ? { type } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) },
    cursors: params.getAll('cursor').filter((cursor) => cursor !== ''),
  };
}

export function viewToParams({ filters, cursors }: ActivityView): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  for (const cursor of cursors) params.append('cursor', cursor);
  return params;
}

/**
 * What is wrong with the day range, in words for the To field, or undefined. A To before From asks for
 * nothing (the server would refuse it), so it is caught here, before any request.
 */
export function rangeProblem(filters: ActivityFilters): string | undefined {
  // YYYY-MM-DD days compare as text.
  return filters.from && filters.to && filters.to < filters.from ? 'To is before From: pick the same day or a later one.' : undefined;
}

/** The query listActivity and exportActivity take: type and the range as RFC 3339 instants. */
export function activityQuery(filters: ActivityFilters): { type?: ActivityEventType; from?: string; to?: string } {
  const to = filters.to ? localDayStart(filters.to) : undefined;
  to?.setDate(to.getDate() + 1);
  return {
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.from ? { from: localDayStart(filters.from).toISOString() } : {}),
    ...(to ? { to: to.toISOString() } : {}),
  };
}

/** Download CSV's address: the same filters, and nothing else (the session cookie authenticates it). */
export function activityCsvHref(filters: ActivityFilters): string {
  const query = new URLSearchParams(Object.entries(activityQuery(filters)));
  const text = query.toString();
  return text === '' ? '/api/portal/activity.csv' : `/api/portal/activity.csv?${text}`;
}
