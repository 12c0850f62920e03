import { describe, expect, it } from 'vitest';
import { displayAddress, throttleAddress } from '../../../src/server/lib/client-address.ts';
import { refusedAddressKind } from '../../../src/server/lib/private-address.ts';
import { checkedEndpointUrl } from '../../../src/server/lib/webhook-endpoint-rules.ts';

describe('throttleAddress', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['::1', '::/64'],
    ['not-an-address', 'not-an-address'],
    // Not read as 10.1.2.3: counted as given, apart from that address.
    ['012.1.2.3', '012.1.2.3'],
  ])('%s counts as %s', (ip, expected) => {
    expect(throttleAddress(ip)).toBe(expected);
  });
});

describe('displayAddress', () => {
  it('shows an address canonically and an IPv4-mapped one as IPv4', () => {
    expect(displayAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(displayAddress('2001:DB8:0::1')).toBe('2001:db8::1');
  });

  it.each(['012.1.2.3', '::ffff:0x7f.0.0.1', 'fe80::1%eth0', 'acme_s_live_secret', undefined])('shows %j as no address', (ip) => {
    expect(displayAddress(ip)).toBeUndefined();
  });
});

describe('refusedAddressKind (a webhook target)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.5', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['0x7f.0.0.1', 'unparsable'],
    ['::ffff:0x7f.0.0.1', 'unparsable'],
    ['::ffff:010.0.0.1', 'unparsable'],
    ['fe80::1%eth0', 'unparsable'],
    ['012.1.2.3', 'unparsable'],
    ['8.8.8.8', undefined],
  ])('%s is refused as %s', (address, kind) => {
    expect(refusedAddressKind(address)).toBe(kind);
  });
});

describe('checkedEndpointUrl', () => {
  it.each(['http://010.0.0.1/hook', 'http://0x7f.1/', 'https://127.1:8443/', 'http://2130706433/', 'http://10.0.0.01/', 'http://1.2.3.4./'])(
    'refuses %s, whose host the URL parser would read as another address, naming the host',
    (url) => {
      expect(() => checkedEndpointUrl(url, 'sandbox')).toThrow(/^url: the host ".+" is not an IPv4 address in four plain decimal numbers\.$/);
    },
  );

  it.each(['https://203.0.113.9:8443/hook', 'http://hooks.example/x', 'http://[2001:db8::1]/', 'https://user-less.example:443/a?b=1'])('takes %s', (url) => {
    expect(checkedEndpointUrl(url, 'sandbox')).toBe(url);
  });
});
