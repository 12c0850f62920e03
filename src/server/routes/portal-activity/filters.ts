/**
 * Reading the activity operations' query: the type, the range (`from` inclusive, `to` exclusive; either may
 * be absent: from the oldest kept event, up to the newest) and the keyset cursor. Bad values answer 400
 * naming the parameter; the spec has already checked their shapes.
 */
import { HttpError } from '../../lib/http-error.ts';
import type { ActivityCursor, ActivityFilter, ActivityType } from '../../repositories/activity-repository.ts';

export interface ActivityQuery {
  type?: ActivityType;
  from?: string;
  to?: string;
  cursor?: string;
}

function date(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new HttpError(400, `${name} must be a date-time`);
  return parsed;
}

export function activityFilter(userId: number, query: ActivityQuery): ActivityFilter {
  const from = date('from', query.from);
  const to = date('to', query.to);
  if (from !== undefined && to !== undefined && to.getTime() <= from.getTime()) throw new HttpError(400, 'to must be after from');
  return {
    userId,
    ...(query.type === undefined ? {} : { type: query.type }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  };
}

/** A cursor is `${epochMs}-${id}` of the last event of the previous page. */
export function parseActivityCursor(cursor: string | undefined): ActivityCursor | undefined {
  if (cursor === undefined) return undefined;
  const match = /^(\d{1,15})-(\d{1,18})$/.exec(cursor);
  const at = Number(match?.[1]);
  const id = Number(match?.[2]);
  if (match === null || !Number.isSafeInteger(at) || !Number.isSafeInteger(id)) throw new HttpError(400, 'cursor must be a nextCursor of a previous page');
  return { occurredAtMs: at, id };
}

export function activityCursorOf(row: { occurred_at: Date; id: number }): string {
  return `${row.occurred_at.getTime()}-${row.id}`;
}
