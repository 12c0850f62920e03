/** The Activity screen's URL state and the queries and CSV address built from it. */
import { describe, expect, it } from 'vitest';
import { activityCsvHref, activityQuery, parseView, viewToParams } from '../../../../src/web/features/activity/lib/activity-filters';
import { detailsText } from '../../../../src/web/features/activity/lib/activity-text';

describe('parseView / viewToParams', () => {
  it('round-trips type, days and the cursor stack', () => {
    const params = new URLSearchParams('type=token_created&from=2026-03-01&to=2026-03-31&cursor=2-2&cursor=1-1');
    const view = parseView(params);
    expect(view).toEqual({ filters: { type: 'token_created', from: '2026-03-01', to: '2026-03-31' }, cursors: ['2-2', '1-1'] });
    expect(viewToParams(view).toString()).toBe(params.toString());
  });

  it('drops an unknown type and malformed days', () => {
    expect(parseView(new URLSearchParams('type=hacked&from=yesterday&to=2026-02-30'))).toEqual({ filters: {}, cursors: [] });
    expect(parseView(new URLSearchParams('from=2026-02-28'))).toEqual({ filters: { from: '2026-02-28' }, cursors: [] });
  });
});

describe('activityQuery and the CSV address', () => {
  it('asks from the start of the first day to the start of the day after the last', () => {
    expect(activityQuery({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 3, 1).toISOString(),
    });
  });

  it('links the unfiltered CSV plainly', () => {
    expect(activityCsvHref({})).toBe('/api/portal/activity.csv');
    expect(activityCsvHref({ type: 'signed_in' })).toBe('/api/portal/activity.csv?type=signed_in');
  });
});

describe('detailsText', () => {
  it('names chosen domains and an allowlist', () => {
    expect(detailsText('token_created', { scopes: ['orders', 'products'], lifetimeDays: 7, ipAllowlist: ['203.0.113.0/24', '2001:db8::1'] })).toBe(
      'Orders, Products · 7 days · 203.0.113.0/24, 2001:db8::1',
    );
  });

  it.each([
    [1, 'Grace window: 1 hour'],
    [168, 'Grace window: 7 days'],
  ])('says a grace window of %i hours as "%s"', (graceHours, text) => {
    expect(detailsText('token_refreshed', { graceHours })).toBe(text);
  });

  it('says nothing for an event without details', () => {
    expect(detailsText('signed_in', {})).toBe('');
  });
});
