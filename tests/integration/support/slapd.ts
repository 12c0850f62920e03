/**
 * startSlapd(): Debian's OpenLDAP server (`slapd`, package slapd; `.ci/run` installs it) on a free port of
 * 127.0.0.1, configured in a temp dir (slapd.conf, mdb backend, suffix dc=example,dc=com), loaded with the
 * directory below, and stopped with SIGTERM. Options: the memberof overlay (memberOf on user entries, as
 * Active Directory keeps it) or plain group `member` lists; a password policy that locks accounts at bind;
 * anonymous read; ldaps:// beside ldap:// with a CA generated for the run.
 *
 *   const slapd = await startSlapd({ memberOf: true });
 *   slapd.settings()                    // LdapSettings for createLdapProvider
 *   slapd.env()                         // the same as AUTH_PROVIDER=ldap environment for the app
 *   await slapd.asAdmin((client) => client.modify(...));
 *   await slapd.stop(); await slapd.start();   // down and up again, same port and data
 *   await slapd.dispose();
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { freePort, waitForPort } from './free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'ldapts';
import type { LdapSettings } from '../../../src/server/identity/ldap-provider.ts';

const run = promisify(execFile);
const SLAPD = '/usr/sbin/slapd';

const SUFFIX = 'dc=example,dc=com';
const PEOPLE = `ou=people,${SUFFIX}`;
export const SELLER_GROUP = `cn=sellers,ou=groups,${SUFFIX}`;
const WAREHOUSE_GROUP = `cn=warehouse,ou=groups,${SUFFIX}`;
const ROOT_DN = `cn=admin,${SUFFIX}`;
const ROOT_PASSWORD = 'root-secret-0f3c';
const SERVICE_DN = `cn=portal,ou=services,${SUFFIX}`;
export const SERVICE_PASSWORD = 'service-secret-7d1e';

interface DirectoryUser {
  uid: string;
  /** As stored: mixed case where the test checks that the portal lower-cases it. */
  mail: string;
  password: string;
  groups: string[];
  /** Active Directory's userAccountControl: 512 a normal account, 514 disabled. */
  userAccountControl?: number;
  /** ppolicy's permanent lock. */
  locked?: boolean;
}

/** The directory every instance starts with. Passwords hold quotes and non-ASCII letters, to be found in logs if they leak. */
export const USERS = {
  seller: { uid: 'sam', mail: 'Sam.Seller@Example.com', password: `Sam's pässword 1`, groups: [SELLER_GROUP] },
  warehouse: { uid: 'wes', mail: 'wes@example.com', password: 'wes "secret" 2', groups: [WAREHOUSE_GROUP] },
  both: { uid: 'bo', mail: 'both@example.com', password: 'bö-both-3', groups: [SELLER_GROUP, WAREHOUSE_GROUP] },
  neither: { uid: 'nina', mail: 'neither@example.com', password: 'nina-none-4', groups: [] },
  locked: { uid: 'lou', mail: 'locked@example.com', password: 'lou-locked-5', groups: [SELLER_GROUP], locked: true },
  disabled: { uid: 'dee', mail: 'disabled@example.com', password: 'dee-disabled-6', groups: [SELLER_GROUP], userAccountControl: 514 },
  oddEmail: { uid: 'odd', mail: 'odd*)(uid=*@example.com', password: 'odd-owner-7', groups: [SELLER_GROUP] },
  twinA: { uid: 'twin-a', mail: 'twin@example.com', password: 'twin-8', groups: [SELLER_GROUP] },
  twinB: { uid: 'twin-b', mail: 'twin@example.com', password: 'twin-8', groups: [SELLER_GROUP] },
} satisfies Record<string, DirectoryUser>;

export type UserKey = keyof typeof USERS;

export function userDn(key: UserKey): string {
  return `uid=${USERS[key].uid},${PEOPLE}`;
}

export interface SlapdOptions {
  /** The memberof overlay: user entries carry memberOf. Default false (plain group member lists). */
  memberOf?: boolean;
  /** A default password policy, under which slapd itself refuses a locked account's bind. Default false. */
  passwordPolicy?: boolean;
  /** Anyone may search (for LDAP_BIND_DN unset). Default false: only the service account reads. */
  anonymousRead?: boolean;
  /** Also listen on ldaps:// with a certificate of a CA generated for the run (`caFile`). */
  tls?: boolean;
}

export interface Slapd {
  url: string;
  /** With `tls`. */
  ldapsUrl: string | undefined;
  caFile: string | undefined;
  /** What createLdapProvider needs to reach this directory; `overrides` change any of it. */
  settings(overrides?: Partial<LdapSettings>): LdapSettings;
  /** The same as environment variables of the app. */
  env(overrides?: Record<string, string>): Record<string, string>;
  /** Runs `work` on a client bound as the directory's root (to change entries behind the portal's back). */
  asAdmin<T>(work: (client: Client) => Promise<T>): Promise<T>;
  /** The entry's objectGUID as Windows writes it. */
  objectGuidOf(key: UserKey): Buffer;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startSlapd(options: SlapdOptions = {}): Promise<Slapd> {
  const dir = await mkdtemp(join(tmpdir(), 'slapd-'));
  await mkdir(join(dir, 'db'));
  const port = await freePort();
  const tlsPort = options.tls ? await freePort() : undefined;
  if (options.tls) await makeCertificates(dir);
  await writeFile(join(dir, 'account.schema'), ACCOUNT_SCHEMA);
  await writeFile(join(dir, 'slapd.conf'), slapdConf(dir, options));
  const guids = new Map<UserKey, Buffer>(Object.keys(USERS).map((key) => [key as UserKey, randomBytes(16)]));
  const url = `ldap://127.0.0.1:${port}`;
  const listen = [url, ...(tlsPort === undefined ? [] : [`ldaps://127.0.0.1:${tlsPort}`])].map((address) => `${address}/`).join(' ');

  let child: ChildProcess | undefined;
  async function start(): Promise<void> {
    let output = '';
    const started = spawn(SLAPD, ['-f', join(dir, 'slapd.conf'), '-h', listen, '-d', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<never>((_resolve, reject) => started.once('exit', (code) => reject(new Error(`slapd exited (${code}):\n${output}`))));
    exited.catch(() => undefined);
    await Promise.race([waitForPort(port, 'slapd'), exited]);
    child = started;
  }
  async function stop(): Promise<void> {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
  }

  const asAdmin = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ url, timeout: 10_000, connectTimeout: 10_000 });
    try {
      await client.bind(ROOT_DN, ROOT_PASSWORD);
      return await work(client);
    } finally {
      await client.unbind();
    }
  };

  await start();
  try {
    await writeFile(join(dir, 'root-password'), ROOT_PASSWORD);
    await writeFile(join(dir, 'data.ldif'), directoryLdif(options, guids));
    await run('ldapadd', ['-x', '-H', url, '-D', ROOT_DN, '-y', join(dir, 'root-password'), '-f', join(dir, 'data.ldif')]);
  } catch (error) {
    await stop();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  const caFile = options.tls ? join(dir, 'ca.pem') : undefined;
  const settings = (overrides: Partial<LdapSettings> = {}): LdapSettings => ({
    url,
    bindDn: SERVICE_DN,
    bindPassword: SERVICE_PASSWORD,
    userBase: PEOPLE,
    userFilter: '(mail={email})',
    subjectAttribute: 'entryUUID',
    sellerGroup: SELLER_GROUP,
    warehouseGroup: WAREHOUSE_GROUP,
    timeoutSeconds: 2,
    ...overrides,
  });
  return {
    url,
    ldapsUrl: tlsPort === undefined ? undefined : `ldaps://127.0.0.1:${tlsPort}`,
    caFile,
    settings,
    env: (overrides = {}) => ({
      AUTH_PROVIDER: 'ldap',
      LDAP_URL: url,
      LDAP_BIND_DN: SERVICE_DN,
      LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
      LDAP_USER_BASE: PEOPLE,
      LDAP_SELLER_GROUP: SELLER_GROUP,
      LDAP_WAREHOUSE_GROUP: WAREHOUSE_GROUP,
      PROVIDER_TIMEOUT_SECONDS: '2',
      ...overrides,
    }),
    asAdmin,
    objectGuidOf: (key) => guids.get(key)!,
    stop,
    start,
    async dispose() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** objectGUID and userAccountControl as Active Directory names them, for the same code paths on slapd (private OIDs). */
const ACCOUNT_SCHEMA = `
attributetype ( 1.3.6.1.4.1.99999.1.1 NAME 'objectGUID' EQUALITY octetStringMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.40 SINGLE-VALUE )
attributetype ( 1.3.6.1.4.1.99999.1.2 NAME 'userAccountControl' EQUALITY integerMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.27 SINGLE-VALUE )
objectclass ( 1.3.6.1.4.1.99999.2.1 NAME 'directoryAccount' AUXILIARY MAY ( objectGUID $ userAccountControl ) )
`;

function slapdConf(dir: string, options: SlapdOptions): string {
  const tls = options.tls ? [`TLSCACertificateFile ${dir}/ca.pem`, `TLSCertificateFile ${dir}/server.pem`, `TLSCertificateKeyFile ${dir}/server-key.pem`] : [];
  return [
    'include /etc/ldap/schema/core.schema',
    'include /etc/ldap/schema/cosine.schema',
    'include /etc/ldap/schema/inetorgperson.schema',
    `include ${dir}/account.schema`,
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    'moduleload ppolicy',
    ...(options.memberOf ? ['moduleload memberof'] : []),
    `pidfile ${dir}/slapd.pid`,
    ...tls,
    'database mdb',
    `suffix "${SUFFIX}"`,
    `rootdn "${ROOT_DN}"`,
    `rootpw ${ROOT_PASSWORD}`,
    `directory ${dir}/db`,
    'maxsize 16777216',
    ...(options.memberOf ? ['overlay memberof'] : []),
    // Loaded always (it defines pwdAccountLockedTime); it refuses a locked account's bind only under a policy.
    'overlay ppolicy',
    ...(options.passwordPolicy ? [`ppolicy_default "cn=default,ou=policies,${SUFFIX}"`] : []),
    'access to attrs=userPassword by anonymous auth by * none',
    `access to * by dn.exact="${SERVICE_DN}" read ${options.anonymousRead ? 'by anonymous read ' : ''}by * none`,
    '',
  ].join('\n');
}

/** Every value base64 (`attr:: …`), so quotes, `*()` and non-ASCII letters need no LDIF escaping. */
function ldifEntry(dn: string, attributes: Array<[string, string | Buffer]>): string {
  const line = (name: string, value: string | Buffer) => `${name}:: ${Buffer.from(value).toString('base64')}`;
  return [line('dn', dn), ...attributes.map(([name, value]) => line(name, value))].join('\n') + '\n';
}

function directoryLdif(options: SlapdOptions, guids: Map<UserKey, Buffer>): string {
  const entries = [
    ldifEntry(SUFFIX, [
      ['objectClass', 'dcObject'],
      ['objectClass', 'organization'],
      ['dc', 'example'],
      ['o', 'Example'],
    ]),
    ...['services', 'people', 'groups', 'policies'].map((ou) =>
      ldifEntry(`ou=${ou},${SUFFIX}`, [
        ['objectClass', 'organizationalUnit'],
        ['ou', ou],
      ]),
    ),
    ldifEntry(SERVICE_DN, [
      ['objectClass', 'person'],
      ['cn', 'portal'],
      ['sn', 'portal'],
      ['userPassword', SERVICE_PASSWORD],
    ]),
    ...(options.passwordPolicy
      ? [
          ldifEntry(`cn=default,ou=policies,${SUFFIX}`, [
            ['objectClass', 'person'],
            ['objectClass', 'pwdPolicy'],
            ['cn', 'default'],
            ['sn', 'default'],
            ['pwdAttribute', 'userPassword'],
            ['pwdLockout', 'TRUE'],
          ]),
        ]
      : []),
    ...Object.entries(USERS).map(([key, user]: [string, DirectoryUser]) =>
      ldifEntry(userDn(key as UserKey), [
        ['objectClass', 'inetOrgPerson'],
        ['objectClass', 'directoryAccount'],
        ['uid', user.uid],
        ['cn', user.uid],
        ['sn', user.uid],
        ['mail', user.mail],
        ['userPassword', user.password],
        ['objectGUID', guids.get(key as UserKey)!],
        ['userAccountControl', String(user.userAccountControl ?? 512)],
        ...(user.locked ? [['pwdAccountLockedTime', '000001010000Z'] as [string, string]] : []),
      ]),
    ),
    ...[SELLER_GROUP, WAREHOUSE_GROUP].map((group) =>
      ldifEntry(group, [
        ['objectClass', 'groupOfNames'],
        ['cn', group === SELLER_GROUP ? 'sellers' : 'warehouse'],
        // groupOfNames needs a member: the service account stands in for an empty group.
        ['member', SERVICE_DN],
        ...Object.entries(USERS)
          .filter(([, user]: [string, DirectoryUser]) => user.groups.includes(group))
          .map(([key]) => ['member', userDn(key as UserKey)] as [string, string]),
      ]),
    ),
  ];
  return entries.join('\n');
}

/** A CA and a server certificate for 127.0.0.1 signed by it (EC keys: quick to make). */
async function makeCertificates(dir: string): Promise<void> {
  const at = (name: string) => join(dir, name);
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    at('ca-key.pem'),
    '-out',
    at('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=Test directory CA',
  ]);
  await run('openssl', [
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    at('server-key.pem'),
    '-out',
    at('server.csr'),
    '-subj',
    '/CN=127.0.0.1',
  ]);
  await writeFile(at('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    at('server.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca-key.pem'),
    '-CAcreateserial',
    '-out',
    at('server.pem'),
    '-days',
    '2',
    '-extfile',
    at('server.ext'),
  ]);
}
