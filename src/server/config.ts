/**
 * Configuration: read from the environment once (plus `.env` in the working directory, if any),
 * validated as a whole, failing fast with every bad variable named, so a typo never silently falls back
 * to a default. Nothing else in the server reads process.env. No behaviour depends on NODE_ENV.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite under dataDir. Set: a PostgreSQL server through `pg`. */
  databaseUrl: string | undefined;
  seedDemo: boolean;
  cookieSecure: boolean;
  /** Passed to Fastify's trustProxy: false, true, a hop count or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  tokenTtlDays: number;
  /** At least 32 characters; unset: keys generated into DATA_DIR/secrets.json on first start. */
  tokenSecret: string | undefined;
  rateLimitPerMinute: number;
  /** Bound of the in-process public API response cache, in MB of bodies (0: no cache). */
  responseCacheMb: number;
  /** Public API calls are kept in the request log (Usage screen); false only to measure the cost. */
  requestLog: boolean;
  /** Days the request log and its rollups are kept. */
  requestLogDays: number;
  /** Days the account activity log is kept, whatever requestLogDays says. */
  activityLogDays: number;
  /**
   * GitHub's secret scanning public keys (a JSON file in GitHub's `public_keys` shape); unset: leak reports
   * are refused with 401, since none can be verified.
   */
  secretScanningKeysFile: string | undefined;
  /** Idle keep-alive connections close after this; above a load balancer's own idle timeout. */
  keepAliveTimeoutSeconds: number;
  /**
   * The reference (pages, their Markdown, llms.txt, the MCP server's documentation tools) readable without
   * login. The screens (Settings, API Test, Usage) stay behind login whatever it says.
   */
  publicDocs: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Directory of the built app (dist/web) and of the export (dist/export). */
  webDir: string;
  exportDir: string;
}

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

export function parseConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const read = new Reader(env);
  const databaseUrl = read.optional('DATABASE_URL');
  const secretScanningKeysFile = read.optional('SECRET_SCANNING_KEYS_FILE');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    read.problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const tokenSecret = read.optional('TOKEN_SECRET');
  if (tokenSecret !== undefined && tokenSecret.length < 32) {
    read.problems.push('TOKEN_SECRET must be at least 32 characters (e.g. `openssl rand -base64 48`)');
  }
  const trustProxyRaw = read.optional('TRUST_PROXY');
  let trustProxy: Config['trustProxy'] = false;
  if (trustProxyRaw !== undefined) {
    if (/^(true|false)$/i.test(trustProxyRaw)) trustProxy = trustProxyRaw.toLowerCase() === 'true';
    else if (/^\d+$/.test(trustProxyRaw)) trustProxy = Number(trustProxyRaw);
    else if (/^[0-9a-fA-F.:/, ]+$|^(loopback|linklocal|uniquelocal)/.test(trustProxyRaw)) trustProxy = trustProxyRaw;
    else read.problems.push(`TRUST_PROXY must be true, false, a hop count or addresses/CIDRs, got "${trustProxyRaw}"`);
  }
  const config: Config = {
    port: read.integer('PORT', 8080, 0, 65535),
    host: read.string('HOST', '127.0.0.1'),
    dataDir: resolve(cwd, read.string('DATA_DIR', './data')),
    databaseUrl,
    // Demo data is the embedded default's purpose; on a real server it must be asked for.
    seedDemo: read.boolean('SEED_DEMO', databaseUrl === undefined),
    cookieSecure: read.boolean('COOKIE_SECURE', false),
    trustProxy,
    sessionIdleMinutes: read.integer('SESSION_IDLE_MINUTES', 30, 1, 24 * 60),
    sessionMaxHours: read.integer('SESSION_MAX_HOURS', 12, 1, 24 * 30),
    tokenTtlDays: read.integer('TOKEN_TTL_DAYS', 90, 1, 3650),
    tokenSecret,
    rateLimitPerMinute: read.integer('RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    // 32 MB: ~2,000 default pages of 10 orders (~15 KB each), or 200 pages of 100; small beside the process.
    responseCacheMb: read.integer('RESPONSE_CACHE_MB', 32, 0, 4096),
    requestLog: read.boolean('REQUEST_LOG', true),
    requestLogDays: read.integer('REQUEST_LOG_DAYS', 30, 1, 365),
    activityLogDays: read.integer('ACTIVITY_LOG_DAYS', 365, 1, 3650),
    secretScanningKeysFile: secretScanningKeysFile === undefined ? undefined : resolve(cwd, secretScanningKeysFile),
    // 72 s: longer than the common 60 s idle timeout of load balancers, so they close first.
    keepAliveTimeoutSeconds: read.integer('KEEP_ALIVE_TIMEOUT_SECONDS', 72, 1, 3600),
    publicDocs: read.boolean('PUBLIC_DOCS', false),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    webDir: resolve(cwd, read.string('WEB_DIR', './dist/web')),
    exportDir: resolve(cwd, read.string('EXPORT_DIR', './dist/export')),
  };
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}
