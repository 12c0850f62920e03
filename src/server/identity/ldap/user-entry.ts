/**
 * What the portal reads from a user's entry: who it is for life (the subject), its email, whether the
 * directory has disabled it, and its groups where the directory keeps them on the entry (memberOf).
 */
import type { Entry } from 'ldapts';
import { ProviderUnavailableError } from '../provider.ts';
import { isBinarySubject } from './filters.ts';
import { objectGuidToString } from './object-guid.ts';

/** Active Directory's userAccountControl flag ACCOUNTDISABLE. */
const ACCOUNT_DISABLE = 2;

/** The attributes a user search asks for beside the subject. Unknown ones are ignored by the directory. */
export const USER_ATTRIBUTES = ['mail', 'userPrincipalName', 'memberOf', 'userAccountControl', 'pwdAccountLockedTime'];

export interface UserEntry {
  dn: string;
  subject: string;
  /** Lower-cased. */
  email: string;
  /** Active Directory's ACCOUNTDISABLE bit, or an OpenLDAP password policy lock. */
  disabled: boolean;
  /** The entry's memberOf values; empty where the directory does not keep them (plain OpenLDAP). */
  memberOf: string[];
}

export function readUserEntry(entry: Entry, subjectAttribute: string): UserEntry {
  const subjectValue = valuesOf(entry, subjectAttribute)[0];
  if (subjectValue === undefined) throw malformed(`the entry ${entry.dn} has no ${subjectAttribute} (LDAP_SUBJECT_ATTRIBUTE)`);
  const email = text(valuesOf(entry, 'mail')[0] ?? valuesOf(entry, 'userPrincipalName')[0]);
  if (email === undefined) throw malformed(`the entry ${entry.dn} has neither mail nor userPrincipalName`);
  return {
    dn: entry.dn,
    subject: renderSubject(subjectValue, subjectAttribute, entry.dn),
    email: email.toLowerCase(),
    disabled: isDisabled(entry),
    memberOf: valuesOf(entry, 'memberOf').map((value) => text(value) ?? ''),
  };
}

/**
 * Disabled in Active Directory (ACCOUNTDISABLE), or locked by OpenLDAP's password policy
 * (pwdAccountLockedTime). slapd refuses a locked account's bind only where a policy applies to it, so the
 * attribute is read here rather than trusted to the bind.
 */
function isDisabled(entry: Entry): boolean {
  const control = Number(text(valuesOf(entry, 'userAccountControl')[0]) ?? 0);
  if (Number.isInteger(control) && (control & ACCOUNT_DISABLE) !== 0) return true;
  return valuesOf(entry, 'pwdAccountLockedTime').length > 0;
}

function renderSubject(value: Buffer | string, attribute: string, dn: string): string {
  if (!isBinarySubject(attribute)) return text(value) ?? '';
  if (!Buffer.isBuffer(value) || value.length !== 16) throw malformed(`the ${attribute} of ${dn} is not 16 bytes`);
  return objectGuidToString(value);
}

/** An attribute's values, its name matched without regard to case (directories answer in their schema's case). */
function valuesOf(entry: Entry, attribute: string): Array<Buffer | string> {
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
  const value = key === undefined ? undefined : entry[key];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((item) => item.length > 0);
}

function text(value: Buffer | string | undefined): string | undefined {
  return Buffer.isBuffer(value) ? value.toString('utf8') : value;
}

/** An entry the settings cannot read is the directory's or the settings' fault, never the user's. */
function malformed(message: string): ProviderUnavailableError {
  return new ProviderUnavailableError('ldap', 'search', message);
}

/** DNs compared as the directory does for these purposes: case and the spaces around separators ignored. */
export function sameDn(left: string, right: string): boolean {
  const key = (dn: string) =>
    dn
      .trim()
      .toLowerCase()
      .replace(/\s*([,=+])\s*/g, '$1');
  return key(left) === key(right);
}
