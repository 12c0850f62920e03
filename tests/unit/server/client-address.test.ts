import { describe, expect, it } from 'vitest';
import { throttleAddress } from '../../../src/server/lib/client-address.ts';

describe('throttleAddress', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['::1', '::/64'],
    ['not-an-address', 'not-an-address'],
  ])('%s counts as %s', (ip, expected) => {
    expect(throttleAddress(ip)).toBe(expected);
  });
});
