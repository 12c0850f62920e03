/**
 * `npm start`: read configuration (the environment, then `.env` for what it does not set), load the
 * server, listen, then open, migrate and seed the database (requests that need it wait for it:
 * plugins/database-gate.ts). On the first start of a fresh clone it also finishes the build
 * (deferred-build.ts): the app before it listens, the rest after. SIGTERM/SIGINT stop accepting connections, finish requests in flight, then close the
 * database (PGlite checkpoints) and release DATA_DIR; so does the end of the process that started the
 * server (npm stopped by a signal). In a terminal one friendly line says where to open the portal, and the
 * log keeps to warnings and errors unless LOG_LEVEL is set (startup-banner.ts).
 */
import { ConfigError, loadEnvFile, parseConfig } from './config.ts';
import { buildPart, owedBuildParts, type BuildChild } from './deferred-build.ts';
import { watchParent } from './parent-watch.ts';
import { printStartupBanner, quietInTerminal } from './startup-banner.ts';

async function main(): Promise<void> {
  const started = performance.now();
  let config;
  try {
    loadEnvFile();
    config = parseConfig(quietInTerminal(process.env));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const root = process.cwd();
  const owed = owedBuildParts(root, config);
  const web = owed.includes('web') ? buildPart(root, 'web', { lowPriority: false }) : undefined;
  // Awaited by buildApp before it returns; a failure before then must not go unhandled.
  web?.done.catch(() => undefined);
  let rest: BuildChild | undefined;
  let startRest: () => void = () => undefined;
  const restOfBuild = owed.includes('rest')
    ? new Promise<void>((resolve, reject) => {
        startRest = () => {
          rest = buildPart(root, 'rest', { lowPriority: true });
          rest.done.then(resolve, reject);
        };
      })
    : undefined;
  let app;
  try {
    const { buildApp } = await import('./app.ts');
    app = await buildApp({ config, start: { webBuilt: web?.done, restOfBuild, listenBeforeDatabase: true } });
  } catch (error) {
    web?.stop();
    throw error;
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Cut short, the rest of the build leaves its stamp unwritten: the next start does it again.
    rest?.stop();
    // A stuck request must not keep a stopped server alive forever.
    setTimeout(() => process.exit(1), config.shutdownGraceSeconds * 1000).unref();
    const closingStarted = performance.now();
    app.close().then(
      () => {
        app.log.info({ ms: Math.round(performance.now() - closingStarted) }, 'closed');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGHUP', () => shutdown('SIGHUP'));
  watchParent(() => shutdown('parent exited'));
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info({ address, startupMs: Math.round(performance.now() - started) }, 'server listening');
  // Opened only now: PGlite's open runs on this thread, and the login page should not wait for it. Requests
  // that need the database wait for it (plugins/database-gate.ts); if it cannot open, the server stops.
  await app.openDatabase();
  app.log.info(
    {
      address,
      database: config.databaseUrl === undefined ? `pglite:${config.dataDir}` : 'postgres',
      authProvider: config.authProvider,
      startupMs: Math.round(performance.now() - started),
    },
    'database ready',
  );
  // The demo logins work only where the login form checks the portal's own accounts.
  const localForm = config.authProvider === 'local' || (config.authProvider === 'oidc' && config.loginForm);
  const banner = { address, demoAccounts: config.seedDemo && config.databaseUrl === undefined && localForm };
  printStartupBanner(banner);
  // The background build prints its progress below the line: the line comes again after it.
  restOfBuild?.then(
    () => printStartupBanner(banner),
    () => undefined,
  );
  startRest();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Server failed to start: ${error.message}` : error);
  process.exit(1);
});
