/** The LDAP provider's pure parts (src/server/identity/ldap/): filters built from typed text, objectGUID strings, DN comparison. */
import { describe, expect, it } from 'vitest';
import { EqualityFilter } from 'ldapts';
import { memberFilter, subjectFilter, userFilter } from '../../../src/server/identity/ldap/filters.ts';
import { objectGuidFromString, objectGuidToString } from '../../../src/server/identity/ldap/object-guid.ts';
import { sameDn } from '../../../src/server/identity/ldap/user-entry.ts';

describe('userFilter', () => {
  it('escapes the RFC 4515 specials of the email, so it cannot widen the search', () => {
    expect(userFilter('(mail={email})', '*)(uid=*')).toBe('(mail=\\2a\\29\\28uid=\\2a)');
    expect(userFilter('(mail={email})', 'a\\b\0c@example.com')).toBe('(mail=a\\5cb\\00c@example.com)');
  });

  it('replaces every {email} and keeps `$` patterns of the email literal', () => {
    expect(userFilter('(|(mail={email})(userPrincipalName={email}))', "x$&y$'@example.com")).toBe(
      "(|(mail=x$&y$'@example.com)(userPrincipalName=x$&y$'@example.com))",
    );
  });
});

describe('objectGUID', () => {
  // The example of Microsoft's documentation: {3F2504E0-4F89-11D3-9A0C-0305E82C3301} and its bytes on the wire.
  const wire = Buffer.from('e004253f894fd3119a0c0305e82c3301', 'hex');

  it('renders the wire bytes as the canonical string (first three groups little-endian)', () => {
    expect(objectGuidToString(wire)).toBe('3f2504e0-4f89-11d3-9a0c-0305e82c3301');
  });

  it('reads the string back to the same bytes, with or without braces and in any case', () => {
    expect(objectGuidFromString('3f2504e0-4f89-11d3-9a0c-0305e82c3301')).toEqual(wire);
    expect(objectGuidFromString('{3F2504E0-4F89-11D3-9A0C-0305E82C3301}')).toEqual(wire);
    expect(objectGuidFromString('not-a-guid')).toBeUndefined();
    expect(() => objectGuidToString(Buffer.alloc(15))).toThrow(/16 bytes/);
  });
});

describe('subjectFilter and memberFilter', () => {
  it('objectGUID: an equality on the bytes (never text, whose escapes ldapts would send as UTF-8)', () => {
    const filter = subjectFilter('objectGUID', '3f2504e0-4f89-11d3-9a0c-0305e82c3301');
    expect(filter).toBeInstanceOf(EqualityFilter);
    expect((filter as EqualityFilter).value).toEqual(Buffer.from('e004253f894fd3119a0c0305e82c3301', 'hex'));
    expect(subjectFilter('objectGUID', '*')).toBeUndefined();
  });

  it('entryUUID and member: the value as it is, escaped when written', () => {
    expect(subjectFilter('entryUUID', '*)(x=*')?.toString()).toBe('(entryUUID=\\2a\\29\\28x=\\2a)');
    expect(memberFilter('uid=a\\2Cb,dc=example,dc=com').toString()).toBe('(member=uid=a\\5c2Cb,dc=example,dc=com)');
  });
});

describe('sameDn', () => {
  it('ignores case and the spaces around separators, and tells different DNs apart', () => {
    expect(sameDn('CN=Sellers, OU=Groups,DC=Example,DC=com', 'cn=sellers,ou=groups,dc=example,dc=com')).toBe(true);
    expect(sameDn('cn=sellers,ou=groups,dc=example,dc=com', 'cn=sellers2,ou=groups,dc=example,dc=com')).toBe(false);
  });
});
