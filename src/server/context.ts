/**
 * What handlers and hooks share: built once by buildApp, passed explicitly (no globals). Everything in it
 * exists from the start; the database and the request log are read through the storage gate (storage.ts),
 * which requests pass only once they are open.
 */
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { TokenKeys } from './io/token-keys.ts';
import type { ScryptCost } from './lib/password.ts';
import type { PasswordHasher } from './io/password-hasher.ts';
import type { PublicRateLimit } from './public-api/rate-limit.ts';
import type { TokenCache } from './public-api/token-cache.ts';
import type { ResponseCache } from './public-api/response-cache.ts';
import type { RequestLogStore } from './request-log/store.ts';
import type { UserType } from '../shared/api-family.ts';
import type { Identity } from './identity/providers.ts';
import type { ProviderApi } from './public-api/provider-api.ts';
import type { DeliveryWorker } from './webhooks/delivery-worker.ts';
import type { PublicOrigin } from './lib/public-origin.ts';

/**
 * Failed-login budgets (docs/decisions/005-login-throttling-and-http-limits.md): per account *and* client
 * address, so guessing from elsewhere never locks the owner out, and per address, so one address cannot
 * try many accounts. There is deliberately no budget per account alone.
 */
export interface LoginThrottlePolicy {
  /** Wrong passwords allowed for one account from one client address within a window. */
  perAccountAndAddress: number;
  /** Failed logins allowed from one client address (any accounts) within a window. */
  perAddress: number;
  windowSeconds: number;
  /** A refused login (429 or 503) is answered after this pause, so refusals cannot be turned into a request flood. */
  refusalDelayMs: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottlePolicy = { perAccountAndAddress: 10, perAddress: 100, windowSeconds: 15 * 60, refusalDelayMs: 1_000 };

export interface ServerContext {
  config: Config;
  /** The open database (storage.ts): requests reach it only past plugins/database-gate.ts. */
  readonly db: Database;
  keys: TokenKeys;
  scryptCost: ScryptCost;
  /** Password hashing and checks for requests, bounded (io/password-hasher.ts). */
  passwords: PasswordHasher;
  loginThrottle: LoginThrottlePolicy;
  /** From the spec's sessionCookie security scheme (portal_session). */
  sessionCookieName: string;
  /** From the spec's apiToken security scheme (e.g. ACME-API-TOKEN), lower-cased as Node sees headers. */
  apiTokenHeader: string;
  /** Per-token public API limit, shared by every route of this process, with its headers and refunds. */
  rateLimit: PublicRateLimit;
  /** Verified tokens by digest for a few seconds; evicted on refresh, delete and other replicas' NOTIFY. */
  tokenCache: TokenCache;
  /** Public API answers per owner, evicted when the owner's data changes (NOTIFY owner_data_changed). */
  responseCache: ResponseCache;
  /** The request log: the only way to it (request-log/store.ts). */
  readonly requestLog: RequestLogStore;
  /** The domains (x-domain) of each API in the spec's order: what a token's scopes may name. */
  apiDomains: Record<UserType, readonly string[]>;
  /**
   * The clock a request's token is checked against (its expiry, its grace window's end). Date.now, except
   * in tests that move time on instead of waiting. The database's own now() still stamps what it stores.
   */
  now: () => number;
  /** Where accounts live (AUTH_PROVIDER) and how to reach the provider: identity/providers.ts. */
  identity: Identity;
  /** The provider's API for live tokens (UPSTREAM_API_URL); undefined: only sandbox tokens exist. */
  providerApi: ProviderApi | undefined;
  /** This process's webhook delivery workers: woken after a handler commits a delivery due at once. */
  webhookDeliveries: Pick<DeliveryWorker, 'wake'>;
  /** Where absolute links point and what a browser's Origin must be: PUBLIC_ORIGIN or the listening address. */
  publicOrigin: PublicOrigin;
}
