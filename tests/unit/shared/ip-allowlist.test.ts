/** A token's IP allowlist: what an entry may be, its canonical form, and which client addresses it lets in. */
import { describe, expect, it } from 'vitest';
import { addressAllowed, MAX_ALLOWLIST_ENTRIES, normalizeAllowlist } from '../../../src/shared/ip-allowlist.ts';

function entries(list: string[]): string[] {
  const checked = normalizeAllowlist(list);
  if (!checked.ok) throw new Error(checked.message);
  return checked.entries;
}

describe('addressAllowed', () => {
  it('lets any address use a token whose list is empty', () => {
    expect(addressAllowed([], '203.0.113.9')).toBe(true);
    expect(addressAllowed([], '2001:db8::1')).toBe(true);
  });

  it('matches single IPv4 addresses and IPv4 CIDR ranges at their edges', () => {
    const list = entries(['198.51.100.7', '203.0.113.0/24']);
    expect(addressAllowed(list, '198.51.100.7')).toBe(true);
    expect(addressAllowed(list, '198.51.100.8')).toBe(false);
    expect(addressAllowed(list, '203.0.113.0')).toBe(true);
    expect(addressAllowed(list, '203.0.113.255')).toBe(true);
    expect(addressAllowed(list, '203.0.114.0')).toBe(false);
    expect(addressAllowed(list, '203.0.112.255')).toBe(false);
  });

  it('matches IPv6 addresses and ranges, whatever the notation', () => {
    const list = entries(['2001:db8:abcd::/48', '2001:0db8:0000:0000:0000:0000:0000:0042']);
    expect(addressAllowed(list, '2001:db8:abcd:12::1')).toBe(true);
    expect(addressAllowed(list, '2001:db8:abcd:ffff:ffff:ffff:ffff:ffff')).toBe(true);
    expect(addressAllowed(list, '2001:db8:abce::1')).toBe(false);
    expect(addressAllowed(list, '2001:db8::42')).toBe(true);
    expect(addressAllowed(list, '2001:db8::43')).toBe(false);
  });

  it('never matches an IPv4 client against an IPv6 range or the reverse', () => {
    expect(addressAllowed(entries(['::/0']), '203.0.113.9')).toBe(false);
    expect(addressAllowed(entries(['0.0.0.0/0']), '2001:db8::1')).toBe(false);
    expect(addressAllowed(entries(['0.0.0.0/0']), '203.0.113.9')).toBe(true);
  });

  it('takes an IPv4-mapped IPv6 client as its IPv4 address', () => {
    const list = entries(['203.0.113.0/24']);
    expect(addressAllowed(list, '::ffff:203.0.113.9')).toBe(true);
    expect(addressAllowed(list, '::ffff:198.51.100.1')).toBe(false);
  });

  it('takes an IPv4-mapped IPv6 entry as its IPv4 form, address or range', () => {
    expect(entries(['::ffff:203.0.113.9', '::ffff:198.51.100.0/120'])).toEqual(['203.0.113.9', '198.51.100.0/24']);
    const list = entries(['::ffff:198.51.100.0/120']);
    expect(addressAllowed(list, '198.51.100.200')).toBe(true);
    expect(addressAllowed(list, '::ffff:198.51.100.200')).toBe(true);
    expect(addressAllowed(list, '198.51.101.1')).toBe(false);
  });

  it('refuses a client that is not an address at all', () => {
    expect(addressAllowed(entries(['0.0.0.0/0']), 'not-an-address')).toBe(false);
  });

  it.each([
    ['012.1.2.3', '10.1.2.3'],
    ['0x0a.1.2.3', '10.1.2.3'],
    ['10.1.515', '10.1.2.3'],
    ['167838211', '10.1.2.3'],
    ['10.1.2.03', '10.1.2.3'],
    ['::ffff:012.1.2.3', '10.1.2.3'],
    ['::ffff:0x7f.0.0.1', '127.0.0.1'],
    ['fe80::1%eth0', 'fe80::1'],
    [' 10.1.2.3', '10.1.2.3'],
    ['[2001:db8::1]', '2001:db8::1'],
  ])('matches no entry, not even the whole space, for the client %j (read loosely: %s)', (client, loosely) => {
    expect(addressAllowed(entries([loosely, '0.0.0.0/0', '::/0']), client)).toBe(false);
  });

  it('compares IPv6 clients by value, whatever their case and compression', () => {
    const list = entries(['2001:db8::1']);
    for (const client of ['2001:DB8::1', '2001:db8:0:0:0:0:0:1', '2001:0db8::0001', '2001:db8:0::1']) expect(addressAllowed(list, client)).toBe(true);
  });

  it('reads ::1.2.3.4 (IPv4-compatible) as the IPv6 address it is, not as 1.2.3.4', () => {
    expect(addressAllowed(entries(['1.2.3.4']), '::1.2.3.4')).toBe(false);
    expect(addressAllowed(entries(['::102:304']), '::1.2.3.4')).toBe(true);
  });
});

describe('normalizeAllowlist', () => {
  it('writes each entry canonically: trimmed, compressed IPv6, a range by its network address', () => {
    expect(entries([' 203.0.113.9 ', '203.0.113.77/24', '2001:0DB8:0:0::1', '2001:db8:1:2:3::/32', '10.0.0.1/32'])).toEqual([
      '203.0.113.9',
      '203.0.113.0/24',
      '2001:db8::1',
      '2001:db8::/32',
      '10.0.0.1',
    ]);
  });

  it('keeps each entry once, in the order first given', () => {
    expect(entries(['203.0.113.0/24', '198.51.100.1', '203.0.113.5/24', '::ffff:198.51.100.1'])).toEqual(['203.0.113.0/24', '198.51.100.1']);
  });

  it.each([
    '203.0.113.300',
    '203.0.113.0/33',
    '2001:db8::/129',
    'example.com',
    '',
    '203.0.113.9/',
    '1.2.3',
    '010.0.0.1',
    '0x7f.0.0.1/8',
    '127.1',
    // Non-canonical IPv4 inside IPv6, zone ids, odd prefix lengths.
    '::ffff:0x7f.0.0.1',
    '::ffff:010.0.0.1',
    '::ffff:127.1',
    '::ffff:10.0.0.01/128',
    'fe80::1%eth0',
    'fe80::1%25eth0',
    'fe80::/10%eth0',
    '[2001:db8::1]',
    '10.0.0.0/08',
    '10.0.0.0/+8',
    '10.0.0.0/ 8',
    '2001:db8::/0x20',
    '::ffff:10.0.0.0/64',
    '1.2.3.4.5',
    '4294967295',
  ])('refuses %j, naming it', (entry) => {
    expect(normalizeAllowlist(['198.51.100.1', entry])).toEqual({
      ok: false,
      message: `ipAllowlist: "${entry}" is not an IPv4 or IPv6 address or CIDR range.`,
    });
  });

  it(`takes ${MAX_ALLOWLIST_ENTRIES} entries and refuses more`, () => {
    const list = Array.from({ length: MAX_ALLOWLIST_ENTRIES + 1 }, (_, index) => `198.51.100.${index}`);
    expect(entries(list.slice(0, MAX_ALLOWLIST_ENTRIES))).toHaveLength(MAX_ALLOWLIST_ENTRIES);
    expect(normalizeAllowlist(list)).toEqual({ ok: false, message: `ipAllowlist: at most 20 addresses or ranges, got 21.` });
  });
});
