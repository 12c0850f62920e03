/**
 * Configuration: read from the environment once (plus `.env` in the working directory, if any),
 * validated as a whole, failing fast with every bad variable named, so a typo never silently falls back
 * to a default. Nothing else in the server reads process.env. No behaviour depends on NODE_ENV.
 *
 * Each variable is declared once, in CONFIG_VARIABLES: its name, default, meaning and how it is read.
 * `Config` is derived from it, and a unit test (tests/unit/server/config-table.test.ts) fails when
 * `.env.example` or the table in docs/configuration.md disagrees with it.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { AUTH_PROVIDERS } from './identity/provider.ts';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Collects problems instead of throwing at the first, so one run names every bad variable. */
class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  optional(name: string): string | undefined {
    return this.raw(name);
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      this.problems.push(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
      return fallback;
    }
    return Number(value);
  }

  /** A plain decimal (`15`, `0.5`): for durations where a fraction of the unit is a sensible setting. */
  decimal(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^\d+(\.\d+)?$/.test(value) || Number(value) < min || Number(value) > max) {
      this.problems.push(`${name} must be a number from ${min} to ${max}, got "${value}"`);
      return fallback;
    }
    return Number(value);
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (['true', '1', 'yes'].includes(value)) return true;
    if (['false', '0', 'no'].includes(value)) return false;
    this.problems.push(`${name} must be true or false, got "${value}"`);
    return fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(value)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
      return fallback;
    }
    return value as T;
  }
}

/**
 * Adds the variables of `.env` in `cwd` (format: .env.example) to process.env, when that file exists.
 * Variables already set in the environment win: process.loadEnvFile never overrides one. Returns the
 * file read, if any.
 */
export function loadEnvFile(cwd: string = process.cwd()): string | undefined {
  const path = resolve(cwd, '.env');
  if (!existsSync(path)) return undefined;
  process.loadEnvFile(path);
  return path;
}

/** One environment variable: how it is documented and how its text becomes a value of the config. */
export interface ConfigVariable<T> {
  env: string;
  /** The default as `.env.example` writes it; undefined: unset. */
  default: string | undefined;
  /** The Default column of docs/configuration.md, where the default is more than a value. */
  defaultText?: string;
  /** The Meaning column of docs/configuration.md. */
  meaning: string;
  read: (read: Reader, cwd: string) => T;
}

function variable<T>(declared: ConfigVariable<T>): ConfigVariable<T> {
  return declared;
}

const integer = (env: string, fallback: number, min: number, max: number, meaning: string) =>
  variable({ env, default: String(fallback), meaning, read: (read) => read.integer(env, fallback, min, max) });
const boolean = (env: string, fallback: boolean, meaning: string) =>
  variable({ env, default: String(fallback), meaning, read: (read) => read.boolean(env, fallback) });
/** A text with no default: unset means undefined. */
const optionalText = (env: string, meaning: string) => variable({ env, default: undefined, meaning, read: (read) => read.optional(env) });
/** A directory or file, relative to the working directory. */
const path = (env: string, fallback: string, meaning: string) =>
  variable({ env, default: fallback, meaning, read: (read, cwd) => resolve(cwd, read.string(env, fallback)) });

function readTrustProxy(read: Reader): boolean | number | string {
  const raw = read.optional('TRUST_PROXY');
  if (raw === undefined) return false;
  if (/^(true|false)$/i.test(raw)) return raw.toLowerCase() === 'true';
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^[0-9a-fA-F.:/, ]+$|^(loopback|linklocal|uniquelocal)/.test(raw)) return raw;
  read.problems.push(`TRUST_PROXY must be true, false, a hop count or addresses/CIDRs, got "${raw}"`);
  return false;
}

/** A gateway allowed to introspect tokens: client_secret_basic's id and secret. */
export interface GatewayClient {
  id: string;
  secret: string;
}

function readGatewayClients(read: Reader): GatewayClient[] | undefined {
  const raw = read.optional('GATEWAY_CLIENTS');
  if (raw === undefined) return undefined;
  const clients: GatewayClient[] = [];
  for (const pair of raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')) {
    const colon = pair.indexOf(':');
    const id = colon < 0 ? '' : pair.slice(0, colon);
    const secret = colon < 0 ? '' : pair.slice(colon + 1);
    // The id is never a secret, so a problem may name it; the secret is never repeated.
    if (!/^[A-Za-z0-9._~-]{1,64}$/.test(id)) read.problems.push('GATEWAY_CLIENTS: each entry is id:secret with an id of letters, digits, ".", "_", "~" or "-"');
    else if (secret.length < 32) read.problems.push(`GATEWAY_CLIENTS: the secret of "${id}" must be at least 32 characters`);
    else if (clients.some((client) => client.id === id)) read.problems.push(`GATEWAY_CLIENTS: "${id}" appears twice`);
    else clients.push({ id, secret });
  }
  return clients;
}

export const CONFIG_VARIABLES = {
  port: integer('PORT', 8080, 0, 65535, 'Port to listen on'),
  host: variable({
    env: 'HOST',
    default: '127.0.0.1',
    meaning: 'Address to listen on (`0.0.0.0` behind a load balancer)',
    read: (read) => read.string('HOST', '127.0.0.1'),
  }),
  dataDir: path('DATA_DIR', './data', 'Embedded database (`pgdata/`), generated token keys (`secrets.json`), lock file. One server process per directory'),
  /** Unset: embedded PGlite under dataDir. Set: a PostgreSQL server through `pg`. */
  databaseUrl: variable({
    env: 'DATABASE_URL',
    default: undefined,
    meaning: '`postgres://…`: use that PostgreSQL server instead of the embedded database',
    read: (read) => {
      const url = read.optional('DATABASE_URL');
      if (url !== undefined && !/^postgres(ql)?:\/\//.test(url)) read.problems.push('DATABASE_URL must start with postgres:// or postgresql://');
      return url;
    },
  }),
  // Demo data is the embedded default's purpose; on a real server it must be asked for.
  seedDemo: variable({
    env: 'SEED_DEMO',
    default: 'true',
    defaultText: '`true` embedded, `false` with `DATABASE_URL`',
    meaning: 'Demo accounts and data on first start of an empty database',
    read: (read) => read.boolean('SEED_DEMO', read.optional('DATABASE_URL') === undefined),
  }),
  cookieSecure: boolean('COOKIE_SECURE', false, 'Always mark the session cookie Secure and send HSTS. Set `true` when served over HTTPS'),
  /** Passed to Fastify's trustProxy: false, true, a hop count or a list of addresses/CIDRs. */
  trustProxy: variable({
    env: 'TRUST_PROXY',
    default: 'false',
    meaning:
      'Trust `X-Forwarded-*`: `true`, a hop count (`1`), or addresses/CIDRs (`10.0.0.0/8`, `loopback`). Behind https the cookie is then Secure automatically',
    read: readTrustProxy,
  }),
  sessionIdleMinutes: integer('SESSION_IDLE_MINUTES', 30, 1, 24 * 60, 'Session idle timeout'),
  sessionMaxHours: integer('SESSION_MAX_HOURS', 12, 1, 24 * 30, 'Absolute session lifetime'),
  tokenTtlDays: integer(
    'TOKEN_TTL_DAYS',
    90,
    1,
    3650,
    "Lifetime of a token created without a chosen one (`expiresInDays`), and of tokens made before lifetimes could be chosen; a refresh starts a token's lifetime again",
  ),
  /** At least 32 characters; unset: keys generated into DATA_DIR/secrets.json on first start. */
  tokenSecret: variable({
    env: 'TOKEN_SECRET',
    default: undefined,
    meaning:
      'At least 32 characters; the token lookup and encryption keys derive from it. Unset: keys are generated into `DATA_DIR/secrets.json` on first start. All replicas must share it; a server whose keys differ from the ones the database was created with refuses to start',
    read: (read) => {
      const secret = read.optional('TOKEN_SECRET');
      if (secret !== undefined && secret.length < 32) read.problems.push('TOKEN_SECRET must be at least 32 characters (e.g. `openssl rand -base64 48`)');
      return secret;
    },
  }),
  rateLimitPerMinute: integer(
    'RATE_LIMIT_PER_MINUTE',
    600,
    1,
    1_000_000,
    'Public API requests per token per minute, at most that many across any number of replicas (`docs/scaling.md`, "Rate limit across replicas")',
  ),
  /** Set: the per-token counts live in Redis or Valkey, exact across replicas. */
  redisUrl: variable({
    env: 'REDIS_URL',
    default: undefined,
    meaning:
      '`redis://…` or `rediss://…` (Redis or Valkey): count the per-token rate limit there, exact across replicas; while it is unreachable the database counts (`docs/scaling.md`). Unset: counted in the database',
    read: (read) => {
      const url = read.optional('REDIS_URL');
      // Never repeated in the message: the URL may hold a password.
      if (url !== undefined && !(/^rediss?:\/\//.test(url) && URL.canParse(url)))
        read.problems.push('REDIS_URL must be a redis:// or rediss:// URL (redis://[:password@]host[:port][/db])');
      return url;
    },
  }),
  redisKeyPrefix: variable({
    env: 'REDIS_KEY_PREFIX',
    default: 'portal:rate',
    meaning: 'Prefix of the rate limit keys in Redis (`<prefix>:<token id>`), so several portals can share one Redis',
    read: (read) => read.string('REDIS_KEY_PREFIX', 'portal:rate'),
  }),
  /** Bound of the in-process public API response cache, in MB of bodies (0: no cache). */
  // 32 MB: ~2,000 default pages of 10 orders (~15 KB each), or 200 pages of 100; small beside the process.
  responseCacheMb: integer(
    'RESPONSE_CACHE_MB',
    32,
    0,
    4096,
    "Public API answers kept in memory per owner, evicted exactly when that owner's data changes (`docs/decisions/012-conditional-requests-and-response-cache.md`). `0` turns the cache off; ETags and `304` still work",
  ),
  /** Days the request log and its rollups are kept. */
  requestLogDays: integer(
    'REQUEST_LOG_DAYS',
    30,
    1,
    365,
    'Days the request log (Usage screen) and its hourly rollups are kept; older day partitions are dropped by housekeeping',
  ),
  /** Days the account activity log is kept, whatever requestLogDays says. */
  activityLogDays: integer(
    'ACTIVITY_LOG_DAYS',
    365,
    1,
    3650,
    'Days the account activity log is kept (1 to 3650), whatever `REQUEST_LOG_DAYS` says; older events are deleted by housekeeping in batches of 10,000',
  ),
  /**
   * GitHub's secret scanning public keys (a JSON file in GitHub's `public_keys` shape); unset: leak reports
   * are refused with 401, since none can be verified.
   */
  secretScanningKeysFile: variable({
    env: 'SECRET_SCANNING_KEYS_FILE',
    default: undefined,
    meaning:
      'GitHub\'s secret scanning public keys (`curl https://api.github.com/meta/public_keys/secret_scanning > github-keys.json`), so leaked tokens GitHub reports are revoked at once (`docs/security.md`, "Leaked tokens"). Read at start; a file that cannot be used stops the start. Unset: every report is refused (401)',
    read: (read, cwd) => {
      const file = read.optional('SECRET_SCANNING_KEYS_FILE');
      return file === undefined ? undefined : resolve(cwd, file);
    },
  }),
  /** Public API calls are kept in the request log (Usage screen); false only to measure the cost. */
  requestLog: boolean('REQUEST_LOG', true, 'Record public API calls for the Usage screen. `false` only to measure what logging costs'),
  /** Idle keep-alive connections close after this; above a load balancer's own idle timeout. */
  // 72 s: longer than the common 60 s idle timeout of load balancers, so they close first.
  keepAliveTimeoutSeconds: integer(
    'KEEP_ALIVE_TIMEOUT_SECONDS',
    72,
    1,
    3600,
    "Idle keep-alive connections close after this. Behind a load balancer keep it above the balancer's own idle timeout (60 s on most)",
  ),
  /** After SIGTERM, requests in flight get this long to finish before the process exits anyway. */
  // 10 s: well inside the 30 s a container orchestrator waits by default before it kills the process.
  shutdownGraceSeconds: integer(
    'SHUTDOWN_GRACE_SECONDS',
    10,
    1,
    600,
    "After SIGTERM, requests in flight get this long to finish before the process exits anyway. Keep it below the orchestrator's own grace period (30 s in Kubernetes)",
  ),
  /**
   * The reference (pages, their Markdown, llms.txt, the MCP server's documentation tools) readable without
   * login. The screens (Settings, API Test, Usage) stay behind login whatever it says.
   */
  publicDocs: boolean(
    'PUBLIC_DOCS',
    false,
    '`true`: the reference pages, their Markdown, `llms.txt`, the MCP server\'s documentation tools and the downloads (`/downloads/`: OpenAPI files, the reference as HTML, collections) are readable without login (`docs/guide.md`, "For AI assistants"). `false`: they need a session or an API token (`docs/security.md`). Settings, API Test and Usage stay behind login whatever it says',
  ),
  // Accounts (docs/identity.md). Each provider's variables are checked together in identityProblems().
  authProvider: variable({
    env: 'AUTH_PROVIDER',
    default: 'local',
    meaning:
      "Where accounts live: `local` (the portal's own, demo accounts included), `ldap` (the provider's directory), `oidc` (its OpenID Provider) or `wms` (a signed password check against its warehouse system). See `docs/identity.md`",
    read: (read) => read.oneOf('AUTH_PROVIDER', AUTH_PROVIDERS, 'local'),
  }),
  accountRecheckMinutes: variable({
    env: 'ACCOUNT_RECHECK_MINUTES',
    default: '15',
    meaning:
      'With `ldap`, `oidc` or `wms`: an account with a live session or token is checked again with the provider at least this often (0.05 to 1440; a fraction such as `0.5` is allowed); closed or downgraded there, its sessions end and its tokens stop',
    read: (read) => read.decimal('ACCOUNT_RECHECK_MINUTES', 15, 0.05, 24 * 60),
  }),
  providerTimeoutSeconds: integer(
    'PROVIDER_TIMEOUT_SECONDS',
    5,
    1,
    60,
    'How long a sign-in waits for the directory, the OpenID Provider or the warehouse system before it answers 503 "could not be reached"',
  ),
  publicOrigin: variable({
    env: 'PUBLIC_ORIGIN',
    default: undefined,
    meaning:
      "The portal's origin as browsers reach it (`https://developers.example.com`): every absolute link the server writes starts with it, and, without `TRUST_PROXY`, it is the only `Origin` a state-changing browser request may come from. Unset: the address the server listens on (`http://localhost:<PORT>` on all addresses), never the request's `Host`. Required with `oidc`: the redirect URI to register is `PUBLIC_ORIGIN/api/auth/oidc/callback`",
    read: (read) => {
      const origin = read.optional('PUBLIC_ORIGIN');
      if (origin === undefined) return undefined;
      const parsed = URL.canParse(origin) ? new URL(origin) : undefined;
      if (parsed === undefined || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
        read.problems.push(`PUBLIC_ORIGIN must be an origin such as https://developers.example.com (scheme, host and port only), got "${origin}"`);
        return undefined;
      }
      return parsed.origin;
    },
  }),
  loginForm: variable({
    env: 'LOGIN_FORM',
    default: 'true',
    defaultText: '`true` (`false` with `oidc`)',
    meaning:
      'Whether the login page shows the email and password form. With `oidc` it checks the portal\'s own accounts beside "Sign in with …"; with `local`, `ldap` and `wms` it is the only way in and cannot be turned off',
    read: (read) => read.boolean('LOGIN_FORM', read.optional('AUTH_PROVIDER') !== 'oidc'),
  }),
  ldapUrl: optionalText('LDAP_URL', '`ldap://…` or `ldaps://…`: the directory (`ldap`)'),
  ldapBindDn: optionalText('LDAP_BIND_DN', 'The service account that searches the directory for the signing-in user (`ldap`)'),
  ldapBindPassword: optionalText('LDAP_BIND_PASSWORD', "The service account's password (`ldap`)"),
  ldapUserBase: optionalText('LDAP_USER_BASE', 'Where users are searched (`ou=people,dc=example,dc=com`) (`ldap`)'),
  ldapUserFilter: variable({
    env: 'LDAP_USER_FILTER',
    default: '(mail={email})',
    meaning:
      "The search for the signing-in user; `{email}` is replaced by the form's email, escaped (`ldap`). Active Directory: `(&(objectClass=user)(mail={email}))`",
    read: (read) => read.string('LDAP_USER_FILTER', '(mail={email})'),
  }),
  ldapSubjectAttribute: variable({
    env: 'LDAP_SUBJECT_ATTRIBUTE',
    default: 'entryUUID',
    meaning: 'The attribute that names a user for life (`ldap`): `entryUUID` (OpenLDAP), `objectGUID` (Active Directory)',
    read: (read) => read.string('LDAP_SUBJECT_ATTRIBUTE', 'entryUUID'),
  }),
  ldapSellerGroup: optionalText('LDAP_SELLER_GROUP', 'DN of the group whose members sign in as sellers (`ldap`)'),
  ldapWarehouseGroup: optionalText('LDAP_WAREHOUSE_GROUP', 'DN of the group whose members sign in as warehouse operators (`ldap`)'),
  ldapCaFile: variable({
    env: 'LDAP_CA_FILE',
    default: undefined,
    meaning: "PEM file of the CA that signed the directory's certificate, when it is not one Node trusts (`ldap` with `ldaps://`)",
    read: (read, cwd) => {
      const file = read.optional('LDAP_CA_FILE');
      return file === undefined ? undefined : resolve(cwd, file);
    },
  }),
  oidcIssuer: optionalText('OIDC_ISSUER', "The OpenID Provider's issuer URL; its discovery document is read from it (`oidc`)"),
  oidcClientId: optionalText('OIDC_CLIENT_ID', "The portal's client id at the OpenID Provider (`oidc`)"),
  oidcClientSecret: optionalText('OIDC_CLIENT_SECRET', "The portal's client secret (`oidc`)"),
  oidcClientAuth: variable({
    env: 'OIDC_CLIENT_AUTH',
    default: 'client_secret_basic',
    meaning: "How the portal authenticates at the token endpoint (`oidc`): `client_secret_basic` (OpenID's default) or `client_secret_post`",
    read: (read) => read.oneOf('OIDC_CLIENT_AUTH', ['client_secret_basic', 'client_secret_post'] as const, 'client_secret_basic'),
  }),
  oidcUserTypeClaim: variable({
    env: 'OIDC_USER_TYPE_CLAIM',
    default: 'user_type',
    meaning: 'The ID token or userinfo claim holding `SELLER` and/or `WAREHOUSE`, a string or an array (`oidc`)',
    read: (read) => read.string('OIDC_USER_TYPE_CLAIM', 'user_type'),
  }),
  oidcDisplayName: variable({
    env: 'OIDC_DISPLAY_NAME',
    default: 'Acme WMS',
    meaning: 'The name on the login page\'s "Sign in with …" button (`oidc`)',
    read: (read) => read.string('OIDC_DISPLAY_NAME', 'Acme WMS'),
  }),
  wmsAuthUrl: optionalText(
    'WMS_AUTH_URL',
    "The warehouse system's password check (`wms`); the contract is `docs/identity.md` and the provider integration API",
  ),
  wmsAuthSecret: optionalText(
    'WMS_AUTH_SECRET',
    'At least 32 characters, shared with the warehouse system: signs each password check and verifies its account events (`wms`)',
  ),
  accountEventsSecret: optionalText(
    'ACCOUNT_EVENTS_SECRET',
    "At least 32 characters: verifies the signed account events the directory's owner sends (`ldap`; with `wms`, `WMS_AUTH_SECRET` does this)",
  ),
  upstreamApiUrl: variable({
    env: 'UPSTREAM_API_URL',
    default: undefined,
    meaning:
      "The provider's public API (`https://api.example.com/api/v1`): live tokens can be created and their calls are forwarded here, the spec's path and query appended. Unset: only sandbox tokens (`docs/gateway.md`)",
    read: (read) => {
      const url = read.optional('UPSTREAM_API_URL');
      if (url !== undefined && !/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(url))
        read.problems.push('UPSTREAM_API_URL must be an http:// or https:// URL without query or fragment');
      return url?.replace(/\/+$/, '');
    },
  }),
  upstreamAudience: variable({
    env: 'UPSTREAM_AUDIENCE',
    default: undefined,
    defaultText: "`UPSTREAM_API_URL`'s origin",
    meaning: "The `aud` of the signed identity the provider's API receives with each live call",
    read: (read) => read.optional('UPSTREAM_AUDIENCE'),
  }),
  upstreamTimeoutMs: integer(
    'UPSTREAM_TIMEOUT_MS',
    10_000,
    100,
    300_000,
    "How long a live call waits for the provider's API (headers and body) before it answers 504",
  ),
  upstreamMaxInFlight: integer(
    'UPSTREAM_MAX_IN_FLIGHT',
    64,
    1,
    100_000,
    "Live calls waiting on the provider's API at once, per process; past it a live call answers 503 with Retry-After, and sandbox calls are unaffected",
  ),
  identityKeyDays: integer(
    'IDENTITY_KEY_DAYS',
    30,
    1,
    3650,
    'How long each key signs the identities live calls carry before the next one takes over (both are published meanwhile)',
  ),
  gatewayClients: variable({
    env: 'GATEWAY_CLIENTS',
    default: undefined,
    meaning:
      'The gateways allowed to introspect tokens (RFC 7662), as `id:secret` pairs separated by commas; each secret at least 32 characters. Unset: introspection answers 401 to everyone',
    read: readGatewayClients,
  }),
  gatewayLogAddress: variable({
    env: 'GATEWAY_LOG_ADDRESS',
    default: undefined,
    meaning:
      "`host:port` where the portal receives the provider's gateway's access log over UDP (nginx's `syslog:`, Caddy's `net` output), so calls authorised by `/api/gateway/check` appear in Usage with their status and duration. Unset: not received",
    read: (read) => {
      const address = read.optional('GATEWAY_LOG_ADDRESS');
      if (address !== undefined && !/^(\[[0-9a-fA-F:.]+\]|[^:\s]+):\d{1,5}$/.test(address))
        read.problems.push('GATEWAY_LOG_ADDRESS must be host:port, e.g. 127.0.0.1:5140');
      return address;
    },
  }),
  webhookLogDays: integer(
    'WEBHOOK_LOG_DAYS',
    30,
    1,
    365,
    'Days webhook events, their deliveries and every attempt (the delivery log) are kept; older ones are deleted by housekeeping (`docs/webhooks.md`)',
  ),
  webhookAllowPrivateNetworks: boolean(
    'WEBHOOK_ALLOW_PRIVATE_NETWORKS',
    false,
    '`true`: webhooks may be delivered to loopback, private, link-local and cloud-metadata addresses. Only for a portal whose receivers are on its own network, and for tests',
  ),
  webhookTimeoutSeconds: integer(
    'WEBHOOK_TIMEOUT_SECONDS',
    15,
    1,
    60,
    "How long one webhook delivery attempt waits for the endpoint's answer (headers and body) before it counts as failed",
  ),
  webhookConcurrency: integer('WEBHOOK_CONCURRENCY', 64, 1, 10_000, 'Webhook deliveries in flight at once, per process'),
  webhookEndpointConcurrency: integer(
    'WEBHOOK_ENDPOINT_CONCURRENCY',
    4,
    1,
    1_000,
    "Webhook deliveries in flight to one endpoint at once, per process, so a slow or dead endpoint holds at most this many of `WEBHOOK_CONCURRENCY`'s places",
  ),
  logLevel: variable({
    env: 'LOG_LEVEL',
    default: 'info',
    defaultText: '`info`; `warn` when unset and stdout is a terminal',
    meaning: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
    read: (read) => read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
  }),
  /** Directory of the built app (dist/web) and of the export (dist/export). */
  webDir: path('WEB_DIR', './dist/web', 'Built app the server serves'),
  exportDir: path('EXPORT_DIR', './dist/export', 'Export the server serves'),
};

export type Config = { -readonly [K in keyof typeof CONFIG_VARIABLES]: ReturnType<(typeof CONFIG_VARIABLES)[K]['read']> };

export function parseConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const read = new Reader(env);
  const config = Object.fromEntries(Object.entries(CONFIG_VARIABLES).map(([key, declared]) => [key, declared.read(read, cwd)])) as Config;
  read.problems.push(...identityProblems(config));
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}

/** What each AUTH_PROVIDER needs beside it, named together so one run lists every missing variable. */
function identityProblems(config: Config): string[] {
  const problems: string[] = [];
  const need = (provider: string, names: Array<[string, unknown]>) => {
    for (const [name, value] of names) if (value === undefined) problems.push(`${name} is required with AUTH_PROVIDER=${provider}`);
  };
  const longSecret = (name: string, value: string | undefined) => {
    if (value !== undefined && value.length < 32) problems.push(`${name} must be at least 32 characters (e.g. \`openssl rand -base64 48\`)`);
  };
  if (config.authProvider === 'ldap') {
    need('ldap', [
      ['LDAP_URL', config.ldapUrl],
      ['LDAP_USER_BASE', config.ldapUserBase],
      ['LDAP_SELLER_GROUP', config.ldapSellerGroup],
      ['LDAP_WAREHOUSE_GROUP', config.ldapWarehouseGroup],
    ]);
    if (config.ldapUrl !== undefined && !/^ldaps?:\/\//.test(config.ldapUrl)) problems.push('LDAP_URL must start with ldap:// or ldaps://');
    if (!config.ldapUserFilter.includes('{email}')) problems.push('LDAP_USER_FILTER must contain {email}');
    if ((config.ldapBindDn === undefined) !== (config.ldapBindPassword === undefined)) problems.push('LDAP_BIND_DN and LDAP_BIND_PASSWORD are set together');
  }
  if (config.authProvider === 'oidc') {
    need('oidc', [
      ['OIDC_ISSUER', config.oidcIssuer],
      ['OIDC_CLIENT_ID', config.oidcClientId],
      ['OIDC_CLIENT_SECRET', config.oidcClientSecret],
      ['PUBLIC_ORIGIN', config.publicOrigin],
    ]);
  }
  if (config.authProvider === 'wms') {
    need('wms', [
      ['WMS_AUTH_URL', config.wmsAuthUrl],
      ['WMS_AUTH_SECRET', config.wmsAuthSecret],
    ]);
    if (config.wmsAuthUrl !== undefined && !/^https?:\/\//.test(config.wmsAuthUrl)) problems.push('WMS_AUTH_URL must start with http:// or https://');
  }
  longSecret('WMS_AUTH_SECRET', config.wmsAuthSecret);
  longSecret('ACCOUNT_EVENTS_SECRET', config.accountEventsSecret);
  if (config.upstreamApiUrl !== undefined && config.publicOrigin === undefined) {
    problems.push("PUBLIC_ORIGIN is required with UPSTREAM_API_URL: it is the issuer of live calls' identities and where their keys are published");
  }
  if (config.authProvider !== 'oidc' && !config.loginForm) problems.push(`LOGIN_FORM=false leaves no way to sign in with AUTH_PROVIDER=${config.authProvider}`);
  return problems;
}
