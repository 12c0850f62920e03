/**
 * AUTH_PROVIDER=ldap: the login form's email and password checked against the provider's directory
 * (OpenLDAP, Active Directory). A sign-in is a service bind, a search for the one entry with that email,
 * the user's own bind with the password, and the user types from group membership. See docs/identity.md,
 * "LDAP: OpenLDAP and Active Directory".
 */
import { readFileSync } from 'node:fs';
import type { Client, Filter } from 'ldapts';
import type { UserType } from '../../shared/api-family.ts';
import type { AccountState, ExternalAccount, PasswordCheck, PasswordProvider } from './provider.ts';
import { directoryStep, passwordAccepted, withClient, type DirectoryEndpoint } from './ldap/connection.ts';
import { isBinarySubject, memberFilter, subjectFilter, userFilter } from './ldap/filters.ts';
import { readUserEntry, sameDn, USER_ATTRIBUTES, type UserEntry } from './ldap/user-entry.ts';

export interface LdapSettings {
  url: string;
  /** LDAP_CA_FILE: read once, at start, so a missing file stops the server rather than every sign-in. */
  caFile?: string;
  /** Unset: the searches are anonymous. */
  bindDn?: string;
  bindPassword?: string;
  userBase: string;
  /** Holds `{email}`. */
  userFilter: string;
  subjectAttribute: string;
  sellerGroup: string;
  warehouseGroup: string;
  timeoutSeconds: number;
}

const REJECTED: PasswordCheck = { accepted: false };

export function createLdapProvider(settings: LdapSettings): PasswordProvider {
  const endpoint: DirectoryEndpoint = { url: settings.url, timeoutSeconds: settings.timeoutSeconds, ca: readCa(settings.caFile) };
  const groups: Array<[UserType, string]> = [
    ['SELLER', settings.sellerGroup],
    ['WAREHOUSE', settings.warehouseGroup],
  ];

  /** A connection bound as the service account (or anonymous), for the searches. */
  function asService<T>(work: (client: Client) => Promise<T>): Promise<T> {
    return withClient(endpoint, async (client) => {
      const { bindDn, bindPassword } = settings;
      if (bindDn !== undefined && bindPassword !== undefined)
        await directoryStep(endpoint, 'bind', `the service bind as ${bindDn}`, () => client.bind(bindDn, bindPassword));
      return work(client);
    });
  }

  async function findUsers(client: Client, filter: Filter | string): Promise<UserEntry[]> {
    const { searchEntries } = await directoryStep(endpoint, 'search', `the search under ${settings.userBase}`, () =>
      client.search(settings.userBase, {
        scope: 'sub',
        filter,
        attributes: [settings.subjectAttribute, ...USER_ATTRIBUTES],
        explicitBufferAttributes: isBinarySubject(settings.subjectAttribute) ? [settings.subjectAttribute] : [],
        // Two are enough to know the answer is not exactly one.
        sizeLimit: 2,
      }),
    );
    return searchEntries.map((entry) => readUserEntry(entry, settings.subjectAttribute));
  }

  /**
   * The groups' DNs against the entry's memberOf where the directory keeps it (Active Directory, OpenLDAP
   * with the memberof overlay); else each group asked whether the user is one of its `member`s.
   */
  async function userTypesOf(client: Client, user: UserEntry): Promise<UserType[]> {
    const types: UserType[] = [];
    for (const [userType, groupDn] of groups) {
      const member =
        user.memberOf.length > 0
          ? user.memberOf.some((dn) => sameDn(dn, groupDn))
          : await directoryStep(endpoint, 'group', `the membership search of ${groupDn}`, async () => {
              const { searchEntries } = await client.search(groupDn, { scope: 'base', filter: memberFilter(user.dn), attributes: ['1.1'] });
              return searchEntries.length > 0;
            });
      if (member) types.push(userType);
    }
    return types;
  }

  async function accountOf(client: Client, user: UserEntry): Promise<ExternalAccount> {
    return { subject: user.subject, email: user.email, userTypes: await userTypesOf(client, user) };
  }

  return {
    kind: 'ldap',

    async checkPassword({ email, password }) {
      // A simple bind with an empty password is an unauthenticated bind, which directories answer as success.
      if (password === '') return REJECTED;
      return asService(async (client) => {
        const found = await findUsers(client, userFilter(settings.userFilter, email.toLowerCase()));
        const user = found.length === 1 ? found[0] : undefined;
        if (user === undefined || user.disabled) return REJECTED;
        if (!(await passwordAccepted(endpoint, user.dn, password))) return REJECTED;
        return { accepted: true, account: await accountOf(client, user) };
      });
    },

    async lookUp(subject): Promise<AccountState> {
      const filter = subjectFilter(settings.subjectAttribute, subject);
      if (filter === undefined) return { open: false };
      return asService(async (client) => {
        const found = await findUsers(client, filter);
        const user = found.length === 1 ? found[0] : undefined;
        if (user === undefined || user.disabled) return { open: false };
        return { open: true, account: await accountOf(client, user) };
      });
    },

    // Each sign-in and lookup opens and closes its own connections: nothing is left to close.
    close: async () => undefined,
  };
}

function readCa(file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`LDAP_CA_FILE ${file} cannot be read: ${(error as Error).message}`);
  }
}
