import { describe, expect, it } from 'vitest';
import { normaliseErrors, unwrap } from '../../../../src/web/lib/api-client';
import { ApiError, messageOf, toError } from '../../../../src/web/lib/api-error';

type OnResponse = NonNullable<typeof normaliseErrors.onResponse>;
type OnError = NonNullable<typeof normaliseErrors.onError>;
const onResponse = (response: Response) => (normaliseErrors.onResponse as OnResponse)({ response } as Parameters<OnResponse>[0]);

describe('normaliseErrors', () => {
  it('leaves successful responses alone', async () => {
    expect(await onResponse(new Response('<p>ok</p>', { status: 200 }))).toBeUndefined();
  });
  it('leaves JSON errors alone', async () => {
    expect(
      await onResponse(new Response('{"status":401,"message":"forbidden"}', { status: 401, headers: { 'content-type': 'application/json' } })),
    ).toBeUndefined();
  });
  it('turns a non-JSON error into the spec Error body', async () => {
    const replaced = (await onResponse(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }))) as Response;
    expect(replaced.status).toBe(502);
    expect(await replaced.json()).toEqual({ status: 502, message: 'Bad Gateway' });
  });
  it('keeps the HTTP client error of a network failure', () => {
    const error = new TypeError('Failed to fetch');
    expect((normaliseErrors.onError as OnError)({ error } as Parameters<OnError>[0])).toBe(error);
  });
});

describe('unwrap', () => {
  it('returns data of a success', () => {
    expect(unwrap({ data: { a: 1 }, response: new Response(null, { status: 200 }) })).toEqual({ a: 1 });
  });
  it('throws an ApiError with the body message', () => {
    const run = () => unwrap({ error: { status: 401, message: 'forbidden' }, response: new Response(null, { status: 401 }) });
    expect(run).toThrow(ApiError);
    expect(run).toThrow('forbidden');
  });
  it('falls back to the status text', () => {
    expect(() => unwrap({ error: {}, response: new Response(null, { status: 500, statusText: 'Internal Server Error' }) })).toThrow('Internal Server Error');
  });
});

describe('messageOf / toError', () => {
  it('reads message only from error-shaped bodies', () => {
    expect(messageOf({ message: 'x' })).toBe('x');
    expect(messageOf({ message: '' })).toBeUndefined();
    expect(messageOf('x')).toBeUndefined();
    expect(messageOf(null)).toBeUndefined();
  });
  it('makes an Error of anything', () => {
    expect(toError('boom').message).toBe('boom');
    expect(toError(42).message).toBe('Unknown error');
  });
});
