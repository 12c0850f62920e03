/** The one strict rule for reading an IP address (src/shared/ip-address.ts). */
import { describe, expect, it } from 'vitest';
import { canonicalAddress, isStrictIPv4 } from '../../../src/shared/ip-address.ts';

describe('canonicalAddress', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4'],
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:203.0.113.9', '203.0.113.9'],
    ['::ffff:cb00:7109', '203.0.113.9'],
    ['2001:DB8:0:0::1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['::1', '::1'],
    ['::', '::'],
    ['::1.2.3.4', '::102:304'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221'],
    ['1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:102:304'],
  ])('reads %j as %s', (text, canonical) => {
    expect(canonicalAddress(text)).toBe(canonical);
  });

  it.each([
    // inet_aton's forms: octal, hex, leading zeros, fewer parts, one number.
    '012.1.2.3',
    '010.0.0.1',
    '0x7f.0.0.1',
    '0X7F.0.0.1',
    '127.1',
    '127.0.1',
    '2130706433',
    '1.2.3.04',
    '00.0.0.0',
    '1.2.3.256',
    '1.2.3.4.',
    '1.2.3.-4',
    '１.2.3.4',
    // The same inside IPv6.
    '::ffff:0x7f.0.0.1',
    '::ffff:010.0.0.1',
    '::ffff:127.1',
    '::ffff:1.2.3.04',
    '1:2:3:4:5:6:7:1.2.3.4',
    // Zone ids, brackets, spaces, ports, broken IPv6.
    'fe80::1%eth0',
    'fe80::1%25eth0',
    'fe80::1%1',
    '[::1]',
    ' 1.2.3.4',
    '1.2.3.4 ',
    '1.2.3.4:80',
    '1::2::3',
    ':::1',
    '12345::1',
    '1:2:3:4:5:6:7:8:9',
    'g::1',
    '',
    'localhost',
  ])('refuses %j', (text) => {
    expect(canonicalAddress(text)).toBeUndefined();
  });

  it('takes IPv4 only as four plain decimal numbers', () => {
    expect(isStrictIPv4('10.0.0.1')).toBe(true);
    expect(isStrictIPv4('10.0.0.01')).toBe(false);
    expect(isStrictIPv4('::ffff:10.0.0.1')).toBe(false);
  });
});
