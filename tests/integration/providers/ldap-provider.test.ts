/**
 * AUTH_PROVIDER=ldap's provider (src/server/identity/ldap-provider.ts) against a real slapd
 * (support/slapd.ts): sign-in, user types from memberOf and from group member lists, refusals, lookUp as
 * the directory changes, and a directory that cannot be reached as ProviderUnavailableError with its step.
 * The provider holds no database: it runs in the pglite project only.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Attribute, Change } from 'ldapts';
import { createLdapProvider, type LdapSettings } from '../../../src/server/identity/ldap-provider.ts';
import { objectGuidToString } from '../../../src/server/identity/ldap/object-guid.ts';
import { ProviderUnavailableError, type PasswordProvider } from '../../../src/server/identity/provider.ts';
import { SELLER_GROUP, SERVICE_PASSWORD, startSlapd, userDn, USERS, type Slapd, type UserKey } from '../support/slapd.ts';
import { freePort } from '../support/free-port.ts';

const ALL_PASSWORDS = [SERVICE_PASSWORD, ...Object.values(USERS).map((user) => user.password)];

function signIn(provider: PasswordProvider, key: UserKey, password: string = USERS[key].password) {
  return provider.checkPassword({ email: USERS[key].mail.toLowerCase(), password, userType: 'SELLER' });
}

async function entryUuidOf(slapd: Slapd, key: UserKey): Promise<string> {
  const { searchEntries } = await slapd.asAdmin((client) => client.search(userDn(key), { scope: 'base', attributes: ['entryUUID'] }));
  return String(searchEntries[0]?.entryUUID);
}

/** The provider's failure, with how long it took to come. */
async function failure(work: () => Promise<unknown>): Promise<{ error: ProviderUnavailableError; ms: number }> {
  const started = performance.now();
  const error = await work().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  const ms = performance.now() - started;
  expect(error).toBeInstanceOf(ProviderUnavailableError);
  const unavailable = error as ProviderUnavailableError;
  expect(unavailable.provider).toBe('ldap');
  for (const password of ALL_PASSWORDS) expect(unavailable.message).not.toContain(password);
  return { error: unavailable, ms };
}

describe('LDAP provider against slapd', () => {
  for (const memberOf of [true, false]) {
    describe(memberOf ? 'memberof overlay, password policy' : 'group member lists, no password policy', () => {
      let slapd: Slapd;
      let provider: PasswordProvider;
      beforeAll(async () => {
        slapd = await startSlapd({ memberOf, passwordPolicy: memberOf });
        provider = createLdapProvider(slapd.settings());
      });
      afterAll(async () => slapd?.dispose());

      it('the right password: accepted with the entryUUID, the email lower-cased and the user types of its groups', async () => {
        const expected: Array<[UserKey, string[]]> = [
          ['seller', ['SELLER']],
          ['warehouse', ['WAREHOUSE']],
          ['both', ['SELLER', 'WAREHOUSE']],
          ['neither', []],
        ];
        for (const [key, userTypes] of expected) {
          expect(await signIn(provider, key)).toEqual({
            accepted: true,
            account: { subject: await entryUuidOf(slapd, key), email: USERS[key].mail.toLowerCase(), userTypes },
          });
        }
        expect(USERS.seller.mail).not.toBe(USERS.seller.mail.toLowerCase());
      });

      it('objectGUID as the subject: the canonical GUID string, and lookUp finds the account by it', async () => {
        const byGuid = createLdapProvider(slapd.settings({ subjectAttribute: 'objectGUID' }));
        const subject = objectGuidToString(slapd.objectGuidOf('both'));
        expect(await signIn(byGuid, 'both')).toEqual({ accepted: true, account: { subject, email: 'both@example.com', userTypes: ['SELLER', 'WAREHOUSE'] } });
        expect(await byGuid.lookUp(subject)).toEqual({ open: true, account: { subject, email: 'both@example.com', userTypes: ['SELLER', 'WAREHOUSE'] } });
        expect(await byGuid.lookUp('00000000-0000-0000-0000-000000000000')).toEqual({ open: false });
        expect(await byGuid.lookUp('not a guid')).toEqual({ open: false });
      });

      it('refused: a wrong password, an empty one, an unknown email, an email held by two entries', async () => {
        expect(await signIn(provider, 'seller', 'wrong password')).toEqual({ accepted: false });
        expect(await signIn(provider, 'seller', '')).toEqual({ accepted: false });
        expect(await provider.checkPassword({ email: 'nobody@example.com', password: 'x', userType: 'SELLER' })).toEqual({ accepted: false });
        expect(await signIn(provider, 'twinA')).toEqual({ accepted: false });
      });

      it('filter characters in the email match nothing but the entry that holds them', async () => {
        for (const typed of ['*', '*)(uid=*', '*)(|(uid=*', 'sam*', '*@example.com']) {
          for (const key of ['seller', 'oddEmail'] as const)
            expect(await provider.checkPassword({ email: typed, password: USERS[key].password, userType: 'SELLER' })).toEqual({ accepted: false });
        }
        // The real owner of `odd*)(uid=*@example.com` signs in.
        const odd = await signIn(provider, 'oddEmail');
        expect(odd).toMatchObject({ accepted: true, account: { email: 'odd*)(uid=*@example.com', userTypes: ['SELLER'] } });
      });

      it('a locked (ppolicy) or disabled (userAccountControl) account: refused with its right password, closed at lookUp', async () => {
        for (const key of ['locked', 'disabled'] as const) {
          expect(await signIn(provider, key)).toEqual({ accepted: false });
          expect(await provider.lookUp(await entryUuidOf(slapd, key))).toEqual({ open: false });
        }
      });

      it('lookUp follows the directory: a group left, an email changed, an entry deleted', async () => {
        const subject = await entryUuidOf(slapd, 'both');
        expect(await provider.lookUp(subject)).toMatchObject({ open: true, account: { userTypes: ['SELLER', 'WAREHOUSE'] } });
        await slapd.asAdmin((client) =>
          client.modify(SELLER_GROUP, [new Change({ operation: 'delete', modification: new Attribute({ type: 'member', values: [userDn('both')] }) })]),
        );
        await slapd.asAdmin((client) =>
          client.modify(userDn('both'), [
            new Change({ operation: 'replace', modification: new Attribute({ type: 'mail', values: ['Both.Renamed@Example.com'] }) }),
          ]),
        );
        expect(await provider.lookUp(subject)).toEqual({ open: true, account: { subject, email: 'both.renamed@example.com', userTypes: ['WAREHOUSE'] } });
        // The old email no longer finds it; the new one does, as the same subject.
        expect(await signIn(provider, 'both')).toEqual({ accepted: false });
        expect(await provider.checkPassword({ email: 'both.renamed@example.com', password: USERS.both.password, userType: 'SELLER' })).toMatchObject({
          accepted: true,
          account: { subject },
        });
        await slapd.asAdmin((client) => client.del(userDn('both')));
        expect(await provider.lookUp(subject)).toEqual({ open: false });
      });
    });
  }

  describe('anonymous search (LDAP_BIND_DN unset)', () => {
    let slapd: Slapd;
    beforeAll(async () => {
      slapd = await startSlapd({ anonymousRead: true });
    });
    afterAll(async () => slapd?.dispose());

    it('signs in and looks up without a service account', async () => {
      const provider = createLdapProvider(slapd.settings({ bindDn: undefined, bindPassword: undefined }));
      const check = await signIn(provider, 'warehouse');
      expect(check).toMatchObject({ accepted: true, account: { email: 'wes@example.com', userTypes: ['WAREHOUSE'] } });
      if (!check.accepted) throw new Error('refused');
      expect(await provider.lookUp(check.account.subject)).toEqual({ open: true, account: check.account });
    });
  });

  describe('a directory that cannot be reached: ProviderUnavailableError naming the step, within the timeout', () => {
    const TIMEOUT_SECONDS = 1;
    let slapd: Slapd;
    let silent: Server;
    const held: Socket[] = [];
    beforeAll(async () => {
      slapd = await startSlapd({ tls: true });
      // Accepts connections and never says a word.
      silent = createServer((socket) => held.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent?.close(resolve));
      await slapd?.dispose();
    });

    const provider = (overrides: Partial<LdapSettings>) => createLdapProvider(slapd.settings({ timeoutSeconds: TIMEOUT_SECONDS, ...overrides }));
    const silentPort = () => (silent.address() as { port: number }).port;

    it('a port that accepts and never answers: the service bind times out (ldap://), the TLS handshake does (ldaps://)', async () => {
      const plain = await failure(() => signIn(provider({ url: `ldap://127.0.0.1:${silentPort()}` }), 'seller'));
      expect(plain.error.step).toBe('bind');
      expect(plain.error.message).toMatch(/service bind.*no answer .* within 1 s/);
      expect(plain.ms).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000 - 50);
      expect(plain.ms).toBeLessThan(TIMEOUT_SECONDS * 1000 + 1500);

      const secure = await failure(() => provider({ url: `ldaps://127.0.0.1:${silentPort()}` }).lookUp('x'));
      expect(secure.error.step).toBe('connect');
      expect(secure.error.message).toMatch(/no connection to ldaps:\/\/127\.0\.0\.1:\d+ within 1 s/);
      expect(secure.ms).toBeLessThan(TIMEOUT_SECONDS * 1000 + 1500);

      const anonymous = await failure(() =>
        signIn(provider({ url: `ldap://127.0.0.1:${silentPort()}`, bindDn: undefined, bindPassword: undefined }), 'seller'),
      );
      expect(anonymous.error.step).toBe('search');
    });

    it('a port where nothing listens: connect', async () => {
      const port = await freePort();
      const { error, ms } = await failure(() => signIn(provider({ url: `ldap://127.0.0.1:${port}` }), 'seller'));
      expect(error.step).toBe('connect');
      expect(error.message).toMatch(/could not connect to ldap:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/);
      expect(ms).toBeLessThan(1000);
    });

    it('a name that does not resolve: dns', async () => {
      const { error } = await failure(() => signIn(provider({ url: 'ldap://directory.invalid:389' }), 'seller'));
      expect(error.step).toBe('dns');
      expect(error.message).toContain('directory.invalid');
    });

    it('ldaps:// with the private CA signs in; without it, the certificate is refused: tls', async () => {
      expect(await signIn(provider({ url: slapd.ldapsUrl, caFile: slapd.caFile }), 'seller')).toMatchObject({ accepted: true });
      const { error } = await failure(() => signIn(provider({ url: slapd.ldapsUrl }), 'seller'));
      expect(error.step).toBe('tls');
      expect(error.message).toMatch(/certificate/);
    });

    it('a wrong service password: bind, naming the service account and not the password', async () => {
      const { error } = await failure(() => signIn(provider({ bindPassword: 'not-the-service-password' }), 'seller'));
      expect(error.step).toBe('bind');
      expect(error.message).toMatch(/service bind as cn=portal,ou=services,dc=example,dc=com failed: .*\(result 49\)/);
      expect(error.message).not.toContain('not-the-service-password');
    });

    it('a user base or a group that does not exist: search, group', async () => {
      const base = await failure(() => signIn(provider({ userBase: 'ou=nobody,dc=example,dc=com' }), 'seller'));
      expect(base.error.step).toBe('search');
      expect(base.error.message).toMatch(/ou=nobody,dc=example,dc=com failed: .*\(result 32\)/);
      const group = await failure(() => signIn(provider({ sellerGroup: 'cn=gone,ou=groups,dc=example,dc=com' }), 'seller'));
      expect(group.error.step).toBe('group');
      expect(group.error.message).toContain('cn=gone,ou=groups,dc=example,dc=com');
    });

    it('a subject attribute the entries lack: search, naming it', async () => {
      const { error } = await failure(() => signIn(provider({ subjectAttribute: 'employeeNumber' }), 'seller'));
      expect(error.step).toBe('search');
      expect(error.message).toContain('employeeNumber');
    });

    it('slapd stopped: connect, at sign-in and at lookUp', async () => {
      const up = provider({});
      const check = await signIn(up, 'seller');
      if (!check.accepted) throw new Error('refused');
      await slapd.stop();
      expect((await failure(() => signIn(up, 'seller'))).error.step).toBe('connect');
      expect((await failure(() => up.lookUp(check.account.subject))).error.step).toBe('connect');
      await up.close();
    });
  });
});
