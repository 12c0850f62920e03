/**
 * buildApp(options): the whole server as a Fastify instance, without listen(), so tests build a fresh one per
 * file and close it after. Loads the token keys, registers plugins and the routes from the bundled spec, and
 * opens the storage (storage.ts: database, migrations, seed, request log), at once or, for `npm start`, once
 * the server listens.
 */
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import { brand } from '../generated/brand.ts';
import type { Config } from './config.ts';
import { createIdentity } from './identity/providers.ts';
import { createProviderApi } from './public-api/provider-api.ts';
import { registerAccountRecheck } from './plugins/account-recheck.ts';
import { registerIdentityKeyRefresh } from './plugins/identity-key-refresh.ts';
import { refreshTokenStore } from './accounts/oidc-refresh-tokens.ts';
import { portalSettingsOf } from './lib/portal-settings.ts';
import { DEFAULT_LOGIN_THROTTLE, type LoginThrottlePolicy, type ServerContext } from './context.ts';
import type { Database } from './db/database.ts';
import { DATABASE_UNAVAILABLE_BODY, NOT_FOUND_BODY } from './lib/http-error.ts';
import { PRODUCTION_SCRYPT_COST, type Derive, type ScryptCost } from './lib/password.ts';
import { createPasswordHasher, defaultHashingLimits, type HashingLimits } from './io/password-hasher.ts';
import { loadTokenKeys } from './io/token-keys.ts';
import { loadAgentDocs } from './io/agent-docs-store.ts';
import { lazyRequestLogger } from './lib/lazy-request-logger.ts';
import { publicRateLimit } from './public-api/rate-limit.ts';
import { createRateLimitStore } from './public-api/rate-limit-store.ts';
import { TokenCache } from './public-api/token-cache.ts';
import { ResponseCache } from './public-api/response-cache.ts';
import { requireApiToken } from './public-api/token-hook.ts';
import { registerRequestLogHooks } from './public-api/request-log-hooks.ts';
import { deleteOldActivity } from './repositories/activity-repository.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerHousekeeping } from './plugins/housekeeping.ts';
import { registerWebhookDelivery } from './plugins/webhook-delivery.ts';
import { createWebhookSender } from './io/webhook-sender.ts';
import { createDeliveryWorker } from './webhooks/delivery-worker.ts';
import { registerGatewayLog } from './plugins/gateway-log.ts';
import { loggerOptions, registerAccessLog } from './plugins/access-log.ts';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers.ts';
import { registerShutdownAnswers } from './plugins/shutdown.ts';
import { clientErrorHandler, expectationFailedHandler, frameworkErrorHandler } from './plugins/client-errors.ts';
import { registerHostHeaderCheck } from './plugins/host-header.ts';
import { assertSameOrigin } from './plugins/csrf.ts';
import { canRead, docsReaderOf, refuseReader } from './plugins/docs-access.ts';
import { PublicOrigin } from './lib/public-origin.ts';
import { DEFAULT_HTTP_TIMEOUTS, httpServerOptions, type HttpTimeouts } from './http-limits.ts';
import { MAX_PARAM_LENGTH, methodNotAllowed, registerSpecRoutes } from './plugins/spec-routes.ts';
import { registerDatabaseGate } from './plugins/database-gate.ts';
import { registerDeprecationHeaders } from './plugins/deprecation-header.ts';
import { registerStaticFiles } from './plugins/static-files.ts';
import { registerFormBodies } from './plugins/form-bodies.ts';
import { registerDocumentationPages } from './plugins/documentation-pages.ts';
import { registerAgentDocsRoutes } from './plugins/agent-docs-routes.ts';
import { registerMcpEndpoint } from './plugins/mcp-endpoint.ts';
import { requireSession } from './plugins/session.ts';
import { requireGatewayClient } from './plugins/gateway-client.ts';
import { createHandlers } from './routes/handlers.ts';
import type { HandlerMap } from './spec/operation-handler.ts';
import { apiDomainsOf } from './spec/api-domains.ts';
import { loadSpec, routableOperations, type OpenApiDocument } from './spec/openapi-document.ts';
import { StorageGate } from './storage.ts';
import type { UserType } from '../shared/api-family.ts';

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
  /** The spec to route from (default src/generated/openapi.portal.json). */
  spec?: OpenApiDocument;
  /** Replace or remove handlers (tests of the "every operation has a handler" rule). */
  handlers?: (defaults: HandlerMap) => Partial<HandlerMap>;
  /** Where log lines go (default: standard output, written asynchronously, io/log-destination.ts); tests capture them. */
  logStream?: NodeJS.WritableStream;
  /** How `npm start` starts (main.ts, docs/decisions/022-listen-before-the-database.md). */
  start?: StartOptions;
  /** What only tests change. */
  testing?: TestingOptions;
}

export interface StartOptions {
  /**
   * buildApp returns once the routes are ready, before the database is opened; main.ts listens, then calls
   * app.openDatabase() (requests that need the database wait: plugins/database-gate.ts). Otherwise buildApp
   * returns with the database ready, or rejects.
   */
  listenBeforeDatabase?: boolean;
  /**
   * A first start (deferred-build.ts): the app being built while the database opens, awaited before its
   * files are read; and the rest of the build (downloads, prerendered pages, compressed copies), made after
   * listen and read in when done.
   */
  webBuilt?: Promise<void> | undefined;
  restOfBuild?: Promise<void> | undefined;
}

export interface TestingOptions {
  /** A cheaper scrypt cost so logins do not dominate the suite; production always hashes at PRODUCTION_SCRYPT_COST. */
  scryptCost?: ScryptCost;
  /** Other hashing limits, and a derivation instead of the worker threads (to hold checks in flight). */
  passwordHashing?: { limits?: Partial<HashingLimits>; derive?: Derive };
  /** A different failed-login policy (what is not given stays the default). */
  loginThrottle?: Partial<LoginThrottlePolicy>;
  /** Shorter HTTP timeouts, so a test of the 408 waits a second instead of half a minute. */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** The clock tokens are checked against (ServerContext.now), so a test moves time instead of waiting. */
  clock?: () => number;
  /** How the database is opened (a test holds or fails it); by default from the configuration. */
  openDatabase?: () => Promise<Database>;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, start = {}, testing = {} } = options;
  const spec = options.spec ?? loadSpec();
  const scryptCost = testing.scryptCost ?? PRODUCTION_SCRYPT_COST;
  const now = testing.clock ?? Date.now;
  const tokenCache = new TokenCache(true, now);
  const responseCache = new ResponseCache(config.responseCacheMb * 1024 * 1024);
  // Made while the database opens (PGlite leaves the main thread free meanwhile).
  const headers = securityHeaders({ hsts: config.cookieSecure });
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // Fastify's own per-request lines are replaced by plugins/access-log.ts (redacted URLs).
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyRequestLogger,
    // A hop count becomes Fastify's function form: trust the nearest N proxies.
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    ...httpServerOptions({ ...DEFAULT_HTTP_TIMEOUTS, keepAliveMs: config.keepAliveTimeoutSeconds * 1000, ...testing.httpTimeouts }),
    // Long enough for any id or token in a path; longer params simply match no route (404).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // plugins/shutdown.ts answers requests that arrive while closing, in the API's shape.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler(headers.api),
    clientErrorHandler: clientErrorHandler(headers.api),
  });
  app.server.on('checkExpectation', expectationFailedHandler(headers.api));
  const keys = loadTokenKeys({ tokenSecret: config.tokenSecret, dataDir: config.dataDir });
  const passwords = createPasswordHasher({
    cost: scryptCost,
    limits: { ...defaultHashingLimits(), ...testing.passwordHashing?.limits },
    ...(testing.passwordHashing?.derive === undefined ? {} : { derive: testing.passwordHashing.derive }),
  });
  const storage = new StorageGate({
    config,
    keys,
    scryptCost,
    tokenCache,
    responseCache,
    ...(testing.openDatabase === undefined ? {} : { openDatabase: testing.openDatabase }),
  });
  const identity = createIdentity(config, { log: app.log, refreshTokens: refreshTokenStore(() => storage.current.db, keys) });
  const apiDomains = apiDomainsOf(spec);
  const providerApi = createProviderApi(config, { db: () => storage.current.db, keys, now, apiDomains, spec });
  const webhookSender = createWebhookSender({
    timeoutMs: config.webhookTimeoutSeconds * 1000,
    allowPrivateNetworks: config.webhookAllowPrivateNetworks,
    userAgent: `${brand.name} webhooks`,
  });
  const webhookWorker = createDeliveryWorker({
    db: () => storage.current.db,
    keys,
    now,
    sender: webhookSender,
    concurrency: config.webhookConcurrency,
    perEndpoint: config.webhookEndpointConcurrency,
    timeoutMs: config.webhookTimeoutSeconds * 1000,
    log: app.log,
  });
  const rateLimitStore = createRateLimitStore({
    limit: config.rateLimitPerMinute,
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    db: () => storage.current.db.relaxed,
    log: { warn: (message) => app.log.warn(message), info: (message) => app.log.info(message) },
  });
  const schemes = (spec.components as { securitySchemes?: Record<string, { name?: string }> }).securitySchemes ?? {};
  const ctx: ServerContext = {
    config,
    keys,
    scryptCost,
    passwords,
    loginThrottle: { ...DEFAULT_LOGIN_THROTTLE, ...testing.loginThrottle },
    sessionCookieName: schemes.sessionCookie?.name ?? 'portal_session',
    apiTokenHeader: (schemes.apiToken?.name ?? brand.apiTokenHeader).toLowerCase(),
    rateLimit: publicRateLimit(rateLimitStore.limiter),
    tokenCache,
    responseCache,
    apiDomains,
    now,
    identity,
    providerApi,
    webhookDeliveries: webhookWorker,
    publicOrigin: new PublicOrigin(config.publicOrigin, config.port),
    get db() {
      return storage.current.db;
    },
    get requestLog() {
      return storage.current.requestLog;
    },
  };

  app.decorate('database', { getter: () => ctx.db });
  app.decorate('openDatabase', () => storage.open());
  app.decorate('tokenCache', tokenCache);
  app.decorate('responseCache', responseCache);
  app.addHook('onClose', async () => {
    await passwords.close();
    await identity.close();
    await providerApi?.upstream.close();
    await rateLimitStore.close();
    await storage.close();
  });
  try {
    // First: a request naming no host or two is answered before anything reads it.
    registerHostHeaderCheck(app);
    registerDatabaseGate(app, storage.ready);
    // The API speaks JSON only: other bodies get 415 instead of reaching validation as strings.
    app.removeContentTypeParser('text/plain');
    // Except where a protocol sends a form: the OpenID Provider's back-channel logout, RFC 7662 introspection.
    registerFormBodies(app, new Set(['oidcBackchannelLogout', 'introspectToken']));
    // Before compress: its onSend hook must see the body uncompressed.
    registerRequestLogHooks(
      app,
      ctx,
      new Set(
        routableOperations(spec)
          .filter((op) => !op.internal)
          .map((op) => op.operationId),
      ),
    );
    // After the request log's hooks: its lines become rows through the same buffer.
    registerGatewayLog(app, ctx);
    await app.register(cookie);
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { 1: 4 } } });
    registerShutdownAnswers(app);
    registerErrorHandler(app);
    registerSecurityHeaders(app, headers);
    registerAccessLog(app);
    registerHousekeeping(app, ctx);
    // Before any other onListen hook: events and links read it.
    app.addHook('onListen', async () => ctx.publicOrigin.listeningOn(app.server.address()));
    registerWebhookDelivery(app, ctx, { worker: webhookWorker, sender: webhookSender, databaseReady: storage.ready });
    registerAccountRecheck(app, ctx, storage.ready);
    registerIdentityKeyRefresh(app, ctx, storage.ready);
    const defaults = createHandlers(ctx, spec);
    registerDeprecationHeaders(app, spec);
    const security = {
      apiToken: (userType: UserType, domain: string) => requireApiToken(ctx, userType, domain),
      sessionCookie: () => requireSession(ctx),
      gatewayClient: () => requireGatewayClient(ctx),
      sameOrigin: async (request: FastifyRequest) => assertSameOrigin(ctx, request),
    };
    const allowedMethods = registerSpecRoutes(app, security, spec, options.handlers ? options.handlers(defaults) : defaults);
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
    const { restOfBuild } = start;
    // On a first start the app is still being built: everything else gets ready meanwhile.
    const { sendAppShell, webLoaded } = registerStaticFiles(app, {
      webDir: config.webDir,
      exportDir: config.exportDir,
      webBuilt: start.webBuilt,
      restOfBuild,
      pageSettings: portalSettingsOf(config),
      publicOrigin: () => ctx.publicOrigin.value,
      // The downloads are the reference too: they follow PUBLIC_DOCS as the Markdown does.
      ...(config.publicDocs
        ? {}
        : {
            downloadsReader: async (request: FastifyRequest, reply: FastifyReply) =>
              canRead(await docsReaderOf(ctx, request)) ? undefined : refuseReader(ctx, reply),
          }),
    });
    const agentDocs = loadAgentDocs();
    registerAgentDocsRoutes(app, ctx, agentDocs);
    registerMcpEndpoint(app, ctx, agentDocs, headers);
    registerDocumentationPages(app, ctx, { webDir: config.webDir, sendAppShell, agentDocs, restOfBuild });
    app.setNotFoundHandler(async (_request, reply) => reply.code(404).send(NOT_FOUND_BODY));
    // Retention's start-up pass once ready, not before listen: nothing a request needs waits for it.
    // The request log's partitions for the days ahead and none past retention; one batch of expired
    // activity at most (a large backlog is left to housekeeping).
    let cleanUp: Promise<void> = Promise.resolve();
    app.addHook('onReady', async () => {
      cleanUp = (async () => {
        await storage.ready;
        await ctx.requestLog.applyRetention(config.requestLogDays);
        await deleteOldActivity(ctx.db, config.activityLogDays, 10_000, 1);
      })().catch((error: unknown) => app.log.warn({ err: error }, 'start-up retention failed'));
    });
    app.decorate('startupCleanUp', { getter: () => cleanUp });
    app.addHook('preClose', async () => {
      if (storage.isStarted) await cleanUp;
    });
    await app.ready();
    await webLoaded;
    if (start.listenBeforeDatabase !== true) await app.openDatabase();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
