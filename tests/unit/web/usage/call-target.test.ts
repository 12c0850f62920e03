/** callTarget: a logged call's path parameters and page, read against its operation's path template. */
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../../src/generated/catalogue';
import { callTarget } from '../../../../src/web/features/usage/lib/call-target';

const detail = catalogue.operations.find((operation) => operation.mode === 'detail' && operation.idParam !== null);
const list = catalogue.operations.find((operation) => operation.mode === 'list');

describe('callTarget', () => {
  it('names a detail call’s id by its parameter', () => {
    if (!detail?.idParam) throw new Error('the catalogue has no detail call');
    const path = `/api/v1${detail.path.replace(`{${detail.idParam}}`, '1042')}`;
    expect(callTarget(path, detail)).toBe(`${detail.idParam} 1042`);
  });

  it('names a list call’s page, and leaves its other query parameters out', () => {
    if (!list) throw new Error('the catalogue has no list call');
    expect(callTarget(`/api/v1${list.path}?page=3&size=25`, list)).toBe('page 3');
    expect(callTarget(`/api/v1${list.path}?size=25`, list)).toBe('');
  });

  it('reads every path parameter of a path of any shape, decoded', () => {
    const operation = { path: '/things/{thingId}/parts/{partName}', parameters: [] };
    expect(callTarget('/api/v1/things/7/parts/left%20wing', operation)).toBe('thingId 7 · partName left wing');
  });

  it('says nothing for an unknown operation or a path shorter than its template', () => {
    expect(callTarget('/api/v1/x', undefined)).toBe('');
    expect(callTarget('/x', { path: '/a/{b}/c', parameters: [] })).toBe('');
  });
});
