/**
 * buildApp(options): the whole server as a Fastify instance, without listen(), so tests build a fresh one per
 * file and close it after. Opens the database, migrates and seeds under the start-up lock, loads the token
 * keys, then registers plugins and the routes from the bundled spec.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import { brand } from '../generated/brand.ts';
import type { Config } from './config.ts';
import { DEFAULT_LOGIN_THROTTLE, type LoginThrottlePolicy, type ServerContext } from './context.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './db/seed/seed-demo.ts';
import { DATABASE_UNAVAILABLE_BODY, NOT_FOUND_BODY } from './lib/http-error.ts';
import { PRODUCTION_SCRYPT_COST, type Derive, type ScryptCost } from './lib/password.ts';
import { createPasswordHasher, defaultHashingLimits, type HashingLimits } from './lib/password-hasher.ts';
import { loadTokenKeys, type TokenKeys } from './lib/token-keys.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import { addRateWindowHits } from './repositories/api-tokens-repository.ts';
import { TokenCache } from './lib/token-cache.ts';
import type { PostgresListener } from './db/postgres-listener.ts';
import { EVERY_OWNER, ResponseCache } from './lib/response-cache.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerHousekeeping } from './plugins/housekeeping.ts';
import { loggerOptions, registerAccessLog } from './plugins/access-log.ts';
import { lazyRequestLogger } from './lib/lazy-request-logger.ts';
import { registerRequestLogRecording } from './plugins/request-log-recording.ts';
import { deleteOldActivity } from './repositories/activity-repository.ts';
import { createPostgresRequestLogStore } from './request-log/postgres-store.ts';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers.ts';
import { registerShutdownAnswers } from './plugins/shutdown.ts';
import { clientErrorHandler, frameworkErrorHandler } from './plugins/client-errors.ts';
import { DEFAULT_HTTP_TIMEOUTS, httpServerOptions, type HttpTimeouts } from './http-limits.ts';
import { MAX_PARAM_LENGTH, methodNotAllowed, registerSpecRoutes } from './plugins/spec-routes.ts';
import { registerDatabaseGate } from './plugins/database-gate.ts';
import { registerDeprecationHeaders } from './plugins/deprecation-header.ts';
import { registerStaticFiles } from './plugins/static-files.ts';
import { registerDocumentationPages } from './plugins/documentation-pages.ts';
import { registerAgentDocsRoutes } from './plugins/agent-docs-routes.ts';
import { registerMcpEndpoint } from './plugins/mcp-endpoint.ts';
import { loadAgentDocs } from './lib/agent-docs-store.ts';
import { createHandlers } from './routes/handlers.ts';
import type { HandlerMap } from './routes/operation-handler.ts';
import { loadSpec, routableOperations, type OpenApiDocument } from './spec/openapi-document.ts';
import { API_FAMILIES, domainsOfFamily, FAMILY, type UserType } from '../shared/api-family.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's database (tests use it to age sessions and tokens; scripts to inspect). */
    database: Database;
    /**
     * This process's verified-token cache. A write to api_tokens made straight in the database (a test
     * aging or tampering with a token) does not pass through it: evict explicitly after one.
     */
    tokenCache: TokenCache;
    /** This process's public API response cache (tests look at its size). */
    responseCache: ResponseCache;
    /**
     * Opens, migrates and seeds the database (the first call; later calls return the same promise). buildApp
     * calls it unless listenBeforeDatabase; main.ts calls it once the server listens. Rejects with what stopped it.
     */
    openDatabase(): Promise<void>;
    /** Retention's start-up pass, run once the server is ready (tests wait for it before they begin). */
    startupCleanUp: Promise<void>;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** Where log lines go (default: standard output, written asynchronously, lib/log-destination.ts); tests capture them. */
  logStream?: NodeJS.WritableStream;
  /** How the database is opened (tests hold or fail it); by default from the configuration. */
  openingDatabase?: () => Promise<Database>;
  /** The spec to route from (default src/generated/openapi.portal.json). */
  spec?: OpenApiDocument;
  /** Replace or remove handlers (tests of the "every operation has a handler" rule). */
  handlers?: (defaults: HandlerMap) => Partial<HandlerMap>;
  /**
   * Tests only: a cheaper scrypt cost so logins do not dominate the suite. Not reachable from
   * configuration, so production always hashes at PRODUCTION_SCRYPT_COST.
   */
  testScryptCost?: ScryptCost;
  /**
   * Tests only: other hashing limits, and a derivation to use instead of the worker threads (a test that
   * must hold checks in flight to see the queue refuse more).
   */
  testPasswordHashing?: { limits?: Partial<HashingLimits>; derive?: Derive };
  /** Tests only: a different failed-login policy (what is not given stays the default). */
  loginThrottle?: Partial<LoginThrottlePolicy>;
  /** Tests only: shorter HTTP timeouts, so a test of the 408 waits a second instead of half a minute. */
  testHttpTimeouts?: Partial<HttpTimeouts>;
  /**
   * `npm start`'s first start (deferred-build.ts): the app being built while the database opens, awaited
   * before its files are read; and the rest of the build (downloads, prerendered pages, compressed copies),
   * made after listen and read in when done.
   */
  webBuilt?: Promise<void>;
  restOfBuild?: Promise<void>;
  /**
   * `npm start`: buildApp returns once the routes are ready, before the database is opened; main.ts listens,
   * then calls app.openDatabase() (requests that need the database wait: plugins/database-gate.ts).
   * Otherwise buildApp returns with the database ready, or rejects.
   */
  listenBeforeDatabase?: boolean;
  /** Tests only: the clock tokens are checked against (ServerContext.now), so a test moves time instead of waiting. */
  testClock?: () => number;
}

export class TokenKeyMismatchError extends Error {
  constructor() {
    super(
      'The token keys (TOKEN_SECRET or DATA_DIR/secrets.json) differ from the ones this database was created with: ' +
        'every stored API token would stop working. Restore the original TOKEN_SECRET or secrets.json.',
    );
    this.name = 'TokenKeyMismatchError';
  }
}

/** Each API's domains (x-domain of its public operations), in the spec's order. */
function apiDomainsOf(spec: OpenApiDocument): Record<UserType, readonly string[]> {
  const operations = routableOperations(spec).flatMap(({ family, domain }) => (family === null || domain === null ? [] : [{ family, domain }]));
  return Object.fromEntries(API_FAMILIES.map((family) => [FAMILY[family].userType, domainsOfFamily(operations, family)])) as Record<UserType, string[]>;
}

async function checkTokenKeys(db: Database, keys: TokenKeys): Promise<void> {
  await db.query(`INSERT INTO app_settings (key, value) VALUES ('token_key_check', $1) ON CONFLICT (key) DO NOTHING`, [keys.checkValue]);
  const [row] = await db.query<{ value: string }>(`SELECT value FROM app_settings WHERE key = 'token_key_check'`);
  if (row?.value !== keys.checkValue) throw new TokenKeyMismatchError();
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const spec = options.spec ?? loadSpec();
  const scryptCost = options.testScryptCost ?? PRODUCTION_SCRYPT_COST;

  const now = options.testClock ?? Date.now;
  const tokenCache = new TokenCache(true, now);
  const responseCache = new ResponseCache(config.responseCacheMb * 1024 * 1024);
  // Loaded only to open: a server that listens first does not wait for PGlite's or pg's modules.
  const openFromConfig = async () => (await import('./db/open-database.ts')).openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const opening = options.openingDatabase ?? openFromConfig;
  // Made while the database opens (PGlite leaves the main thread free meanwhile).
  const headers = securityHeaders({ hsts: config.cookieSecure });
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // Fastify's own per-request lines are replaced by plugins/access-log.ts (redacted URLs).
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyRequestLogger,
    // A hop count becomes Fastify's function form: trust the nearest N proxies.
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    ...httpServerOptions({ ...DEFAULT_HTTP_TIMEOUTS, keepAliveMs: config.keepAliveTimeoutSeconds * 1000, ...options.testHttpTimeouts }),
    // Long enough for any id or token in a path; longer params simply match no route (404).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // plugins/shutdown.ts answers requests that arrive while closing, in the API's shape.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler(headers.api),
    clientErrorHandler: clientErrorHandler(headers.api),
  });
  const keys = loadTokenKeys({ tokenSecret: config.tokenSecret, dataDir: config.dataDir });
  const passwords = createPasswordHasher({
    cost: scryptCost,
    limits: { ...defaultHashingLimits(), ...options.testPasswordHashing?.limits },
    ...(options.testPasswordHashing?.derive === undefined ? {} : { derive: options.testPasswordHashing.derive }),
  });
  const schemes = (spec.components as { securitySchemes?: Record<string, { name?: string }> }).securitySchemes ?? {};
  // db and requestLog are set once the database is open (below); until then the database gate holds every
  // request that could reach them (plugins/database-gate.ts).
  const ctx = {
    config,
    keys,
    scryptCost,
    passwords,
    loginThrottle: { ...DEFAULT_LOGIN_THROTTLE, ...options.loginThrottle },
    sessionCookieName: schemes.sessionCookie?.name ?? 'portal_session',
    apiTokenHeader: (schemes.apiToken?.name ?? brand.apiTokenHeader).toLowerCase(),
    rateLimiter: createRateLimiter((tokenId, hits) => addRateWindowHits(ctx.db.relaxed, tokenId, hits), config.rateLimitPerMinute),
    tokenCache,
    responseCache,
    apiDomains: apiDomainsOf(spec),
    now,
  } as ServerContext;
  let listener: PostgresListener | undefined;
  let startDatabase: () => void = () => undefined;
  let databaseStarted = false;
  const databaseReady = new Promise<void>((resolve) => {
    startDatabase = () => {
      databaseStarted = true;
      resolve();
    };
  }).then(async () => {
    const db = await opening();
    try {
      // The one place the log's engine is chosen (docs/scaling.md).
      const requestLog = createPostgresRequestLogStore(db, db.relaxed);
      await db.withStartupLock(async () => {
        await migrate(db);
        await checkTokenKeys(db, keys);
        // Room for today's request log before any write; the rest of retention runs once ready (below).
        await requestLog.ensureDaysAhead();
        if (config.seedDemo) await seedDemo(db, scryptCost);
      });
      // Other replicas' refreshes and deletes, and any change to fulfillment data, evict here too. PGlite is
      // one process: its own connection delivers the data changes (token changes are evicted where made).
      if (config.databaseUrl !== undefined) {
        const { listenForChanges, ownerDataChanges, tokenRevocations } = await import('./db/postgres-listener.ts');
        listener = await listenForChanges(config.databaseUrl, [tokenRevocations(tokenCache), ownerDataChanges(responseCache)], (error) => {
          console.warn('cache listener lost its connection; token and response caches off until it reconnects', error);
        });
      } else {
        await db.listen?.('owner_data_changed', (payload) => responseCache.evictOwner(payload === '' ? EVERY_OWNER : payload));
      }
      ctx.db = db;
      ctx.requestLog = requestLog;
    } catch (error) {
      await listener?.close();
      await db.close();
      throw error;
    }
  });
  // Observed by the gate, by close and by whoever awaits it; a failure must not also go unhandled here.
  databaseReady.catch(() => undefined);

  app.decorate('database', { getter: () => ctx.db });
  app.decorate('openDatabase', () => {
    startDatabase();
    return databaseReady;
  });
  app.decorate('tokenCache', tokenCache);
  app.decorate('responseCache', responseCache);
  app.addHook('onClose', async () => {
    await passwords.close();
    // Opened (or still opening): closed once its start-up is over; never opened: nothing to close.
    if (
      databaseStarted &&
      (await databaseReady.then(
        () => true,
        () => false,
      ))
    ) {
      await listener?.close();
      await ctx.db.close();
    }
  });
  try {
    registerDatabaseGate(app, databaseReady);
    // The API speaks JSON only: other bodies get 415 instead of reaching validation as strings.
    app.removeContentTypeParser('text/plain');
    // Before compress: its onSend hook must see the body uncompressed.
    registerRequestLogRecording(
      app,
      ctx,
      new Set(
        routableOperations(spec)
          .filter((op) => !op.internal)
          .map((op) => op.operationId),
      ),
    );
    await app.register(cookie);
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { 1: 4 } } });
    registerShutdownAnswers(app);
    registerErrorHandler(app);
    registerSecurityHeaders(app, headers);
    registerAccessLog(app);
    registerHousekeeping(app, ctx);
    const defaults = createHandlers(ctx);
    registerDeprecationHeaders(app, spec);
    const allowedMethods = registerSpecRoutes(app, ctx, spec, options.handlers ? options.handlers(defaults) : defaults);
    // Answered before any body is read: another method on a spec path is 405, an unknown path 404, whatever
    // the body or its content type.
    app.all('/api/*', {
      onRequest: [methodNotAllowed(allowedMethods), async (_request, reply) => reply.code(404).send(NOT_FOUND_BODY)],
      handler: async (_request, reply) => reply.code(404).send(NOT_FOUND_BODY),
    });
    app.get('/healthz', async (_request, reply) => {
      try {
        await ctx.db.query('SELECT 1');
        return { status: 'ok', requestLog: app.requestLogStats() };
      } catch {
        return reply.code(503).send(DATABASE_UNAVAILABLE_BODY);
      }
    });
    const { restOfBuild } = options;
    // On a first start the app is still being built: everything else gets ready meanwhile.
    const { sendAppShell, webLoaded } = registerStaticFiles(app, {
      webDir: config.webDir,
      exportDir: config.exportDir,
      webBuilt: options.webBuilt,
      restOfBuild,
    });
    const agentDocs = loadAgentDocs();
    registerAgentDocsRoutes(app, ctx, agentDocs);
    registerMcpEndpoint(app, ctx, agentDocs);
    registerDocumentationPages(app, ctx, { webDir: config.webDir, sendAppShell, agentDocs, restOfBuild });
    app.setNotFoundHandler(async (_request, reply) => reply.code(404).send(NOT_FOUND_BODY));
    // Retention's start-up pass once ready, not before listen: nothing a request needs waits for it.
    // The request log's partitions for the days ahead and none past retention; one batch of expired
    // activity at most (a large backlog is left to housekeeping).
    let cleanUp: Promise<void> = Promise.resolve();
    app.addHook('onReady', async () => {
      cleanUp = (async () => {
        await databaseReady;
        await ctx.requestLog.applyRetention(config.requestLogDays);
        await deleteOldActivity(ctx.db, config.activityLogDays, 10_000, 1);
      })().catch((error: unknown) => app.log.warn({ err: error }, 'start-up retention failed'));
    });
    app.decorate('startupCleanUp', { getter: () => cleanUp });
    app.addHook('preClose', async () => {
      if (databaseStarted) await cleanUp;
    });
    await app.ready();
    await webLoaded;
    if (!options.listenBeforeDatabase) await app.openDatabase();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
