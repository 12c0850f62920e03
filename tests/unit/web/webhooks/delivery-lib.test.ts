/** The delivery log's URL state, its poll interval and the endpoint states, as pure functions. */
import { describe, expect, it } from 'vitest';
import { attemptsQuery, deliveryViewToParams, parseDeliveryView } from '../../../../src/web/features/webhooks/lib/delivery-filters';
import { endpointStatus, needsAttention } from '../../../../src/web/features/webhooks/lib/endpoint-status';
import { eventsOfFamily } from '../../../../src/web/features/webhooks/lib/event-types';
import { POLL_MS, pollInterval } from '../../../../src/web/features/webhooks/lib/poll-interval';
import { webhookEvents } from '../../../../src/generated/webhook-events';

describe('delivery filters', () => {
  it('reads known filters from the URL and drops the rest', () => {
    const view = parseDeliveryView(new URLSearchParams('endpoint=3&event=seller.import.status_changed&outcome=failed&cursor=a&cursor=b&delivery=9'));
    expect(view).toEqual({ filters: { endpointId: 3, eventType: 'seller.import.status_changed', outcome: 'failed' }, cursors: ['a', 'b'] });
    expect(parseDeliveryView(new URLSearchParams('endpoint=0&event=nope&outcome=maybe'))).toEqual({ filters: {}, cursors: [] });
  });

  it('writes them back over the URL’s other parameters, and asks the server with its names', () => {
    const params = deliveryViewToParams({ filters: { endpointId: 3, outcome: 'succeeded' }, cursors: ['x'] }, new URLSearchParams('other=1&cursor=old'));
    expect(params.toString()).toBe('other=1&endpoint=3&outcome=succeeded&cursor=x');
    expect(attemptsQuery({ endpointId: 3, eventType: 'seller.import.status_changed' })).toEqual({ endpointId: 3, eventType: 'seller.import.status_changed' });
  });
});

describe('event types', () => {
  it('offers each family its own events, from the spec', () => {
    expect(eventsOfFamily('seller').every((event) => event.type.startsWith('seller.'))).toBe(true);
    expect(eventsOfFamily('warehouse').every((event) => event.type.startsWith('warehouse.'))).toBe(true);
    expect(eventsOfFamily('seller').length + eventsOfFamily('warehouse').length).toBe(webhookEvents.length);
  });
});

describe('pollInterval', () => {
  const now = Date.parse('2026-11-29T08:00:00Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('polls just after a test event or a replay, then stops', () => {
    expect(pollInterval({ attempts: [], lastActionAt: now - 1000, now })).toBe(POLL_MS);
    expect(pollInterval({ attempts: [], lastActionAt: now - 60_000, now })).toBe(false);
  });

  it('polls while a retry is due within a minute (or just overdue), not for one hours away', () => {
    expect(pollInterval({ attempts: [{ nextAttemptDate: at(30_000) }], lastActionAt: null, now })).toBe(POLL_MS);
    expect(pollInterval({ attempts: [{ nextAttemptDate: at(-10_000) }], lastActionAt: null, now })).toBe(POLL_MS);
    expect(pollInterval({ attempts: [{ nextAttemptDate: at(3_600_000) }, { nextAttemptDate: null }], lastActionAt: null, now })).toBe(false);
  });
});

describe('endpointStatus', () => {
  it('says why an endpoint is disabled, and whether it needs its owner', () => {
    const base = { enabled: true, disabledReason: null, failingSince: null } as const;
    expect(endpointStatus(base)).toMatchObject({ label: 'Enabled', tone: 'success' });
    expect(endpointStatus({ ...base, failingSince: '2026-11-29T06:00:00Z' })).toMatchObject({ label: 'Failing', tone: 'warning' });
    expect(endpointStatus({ enabled: false, disabledReason: 'gone', failingSince: null })).toMatchObject({ label: 'Disabled: answered 410', tone: 'error' });
    expect(endpointStatus({ enabled: false, disabledReason: 'failing', failingSince: null }).tone).toBe('error');
    expect(needsAttention({ enabled: false, disabledReason: 'owner', failingSince: null })).toBe(false);
    expect(needsAttention({ enabled: false, disabledReason: 'gone', failingSince: null })).toBe(true);
    expect(needsAttention({ ...base, failingSince: '2026-11-29T06:00:00Z' })).toBe(true);
  });
});
