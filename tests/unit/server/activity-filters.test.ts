/** Reading the activity operations' query (routes/portal-activity/filters.ts): range, type, keyset cursor. */
import { describe, expect, it } from 'vitest';
import { activityCursorOf, activityFilter, parseActivityCursor } from '../../../src/server/routes/portal-activity/filters.ts';

describe('activityFilter', () => {
  it('keeps only the filters given: no range means every kept event up to the newest', () => {
    expect(activityFilter(7, {})).toEqual({ userId: 7 });
    expect(activityFilter(7, { type: 'signed_in', from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00+02:00' })).toEqual({
      userId: 7,
      type: 'signed_in',
      from: new Date('2026-03-01T00:00:00Z'),
      to: new Date('2026-03-31T22:00:00Z'),
    });
  });

  it('refuses a range whose end is not after its start, and an unreadable date, naming the parameter', () => {
    expect(() => activityFilter(7, { from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' })).toThrow(/^to must be after from$/);
    expect(() => activityFilter(7, { from: '2026-03-01T00:00:00Z', to: '2026-03-01T00:00:00Z' })).toThrow(/^to must be after from$/);
    expect(() => activityFilter(7, { from: 'yesterday' })).toThrow(/^from must be a date-time$/);
    expect(() => activityFilter(7, { to: '2026-13-45T00:00:00Z' })).toThrow(/^to must be a date-time$/);
  });
});

describe('activity cursor', () => {
  it('reads back what a page wrote', () => {
    const row = { occurred_at: new Date('2026-03-31T09:12:44.310Z'), id: 42 };
    expect(activityCursorOf(row)).toBe('1774948364310-42');
    expect(parseActivityCursor(activityCursorOf(row))).toEqual({ occurredAtMs: row.occurred_at.getTime(), id: 42 });
    expect(parseActivityCursor(undefined)).toBeUndefined();
  });

  it('refuses anything else, naming the parameter', () => {
    for (const bad of ['abc', '1-', '-1', '1-2-3', '1.5-2', '1-999999999999999999']) {
      expect(() => parseActivityCursor(bad), bad).toThrow(/^cursor must be a nextCursor of a previous page$/);
    }
  });
});
