/**
 * The directory's search filters, built from the settings and from what users type. The email goes into
 * LDAP_USER_FILTER through ldapts' RFC 4515 escape, so an email such as `*)(uid=*` is looked for as those
 * characters and never widens the search. Filters on a single value are ldapts' EqualityFilter objects,
 * never text: ldapts reads `\xx` escapes in filter text as characters and sends them as UTF-8, which
 * would change every byte of a binary objectGUID above 0x7f.
 */
import { EqualityFilter, Filter } from 'ldapts';
import { objectGuidFromString } from './object-guid.ts';

/** LDAP_USER_FILTER with `{email}` replaced by the escaped email, wherever it appears. */
export function userFilter(template: string, email: string): string {
  const escaped = Filter.escape(email);
  // A function, not a string, as the replacement: `$&` or `$'` in an email must stay literal.
  return template.replaceAll('{email}', () => escaped);
}

/** The members of a group that are this DN (a group search whose base is the group). */
export function memberFilter(userDn: string): Filter {
  return new EqualityFilter({ attribute: 'member', value: userDn });
}

/** Whether the subject attribute holds bytes (Active Directory's objectGUID) rather than text (entryUUID). */
export function isBinarySubject(attribute: string): boolean {
  return attribute.toLowerCase() === 'objectguid';
}

/**
 * The entry whose subject attribute is `subject`: the GUID's bytes for objectGUID; the
 * text for any other attribute. Undefined when the subject cannot be one (not a GUID), so no entry has it.
 */
export function subjectFilter(attribute: string, subject: string): Filter | undefined {
  if (!isBinarySubject(attribute)) return new EqualityFilter({ attribute, value: subject });
  const bytes = objectGuidFromString(subject);
  return bytes === undefined ? undefined : new EqualityFilter({ attribute, value: bytes });
}
