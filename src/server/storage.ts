/**
 * The server's storage: the database and the request log's store, opened, migrated and seeded under the
 * start-up lock, with the public call's caches listening for changes. `npm start` listens before it is
 * open (docs/decisions/022-listen-before-the-database.md), so the context reads it through a StorageGate:
 * requests wait at plugins/database-gate.ts until it is open, and reading it before then throws instead of
 * handing out an undefined database.
 */
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import type { PostgresListener } from './db/postgres-listener.ts';
import { seedDemo } from './db/seed/seed-demo.ts';
import type { ScryptCost } from './lib/password.ts';
import type { TokenKeys } from './io/token-keys.ts';
import { listenInProcess, ownerDataChanges, tokenRevocations } from './public-api/cache-subscribers.ts';
import type { ResponseCache } from './public-api/response-cache.ts';
import type { TokenCache } from './public-api/token-cache.ts';
import { createPostgresRequestLogStore } from './request-log/postgres-store.ts';
import type { RequestLogStore } from './request-log/store.ts';

export interface Storage {
  db: Database;
  /** The request log: the only way to it (request-log/store.ts). */
  requestLog: RequestLogStore;
}

export interface StorageOptions {
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'seedDemo'>;
  keys: TokenKeys;
  scryptCost: ScryptCost;
  tokenCache: TokenCache;
  responseCache: ResponseCache;
  /** How the database is opened; by default from the configuration (tests hold or fail it). */
  openDatabase?: () => Promise<Database>;
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

async function checkTokenKeys(db: Database, keys: TokenKeys): Promise<void> {
  await db.query(`INSERT INTO app_settings (key, value) VALUES ('token_key_check', $1) ON CONFLICT (key) DO NOTHING`, [keys.checkValue]);
  const [row] = await db.query<{ value: string }>(`SELECT value FROM app_settings WHERE key = 'token_key_check'`);
  if (row?.value !== keys.checkValue) throw new TokenKeyMismatchError();
}

async function openStorage(options: StorageOptions): Promise<Storage & { listener: PostgresListener | undefined }> {
  const { config, keys, scryptCost, tokenCache, responseCache } = options;
  // Loaded only to open: a server that listens first does not wait for PGlite's or pg's modules.
  const db = await (options.openDatabase ?? (async () => (await import('./db/open-database.ts')).openDatabase(config)))();
  let listener: PostgresListener | undefined;
  try {
    // The one place the log's engine is chosen (docs/scaling.md).
    const requestLog = createPostgresRequestLogStore(db, db.relaxed);
    await db.withStartupLock(async () => {
      await migrate(db);
      await checkTokenKeys(db, keys);
      // Room for today's request log before any write; the rest of retention runs once ready (app.ts).
      await requestLog.ensureDaysAhead();
      if (config.seedDemo) await seedDemo(db, scryptCost);
    });
    // Other replicas' refreshes and deletes, and any change to fulfillment data, evict here too. PGlite is
    // one process: its own connection delivers the data changes (token changes are evicted where made).
    if (config.databaseUrl !== undefined) {
      const { listenForChanges } = await import('./db/postgres-listener.ts');
      listener = await listenForChanges(config.databaseUrl, [tokenRevocations(tokenCache), ownerDataChanges(responseCache)], (error) => {
        console.warn('cache listener lost its connection; token and response caches off until it reconnects', error);
      });
    } else {
      await listenInProcess(db, responseCache);
    }
    return { db, requestLog, listener };
  } catch (error) {
    await listener?.close();
    await db.close();
    throw error;
  }
}

/** The storage before and after it is open: opened once, on the first open(); closed with the app. */
export class StorageGate {
  private opened: (Storage & { listener: PostgresListener | undefined }) | undefined;
  private start: () => void = () => undefined;
  private started = false;
  /** Settles once the storage is open, or rejects with what stopped it. */
  readonly ready: Promise<void>;

  constructor(options: StorageOptions) {
    this.ready = new Promise<void>((resolve) => {
      this.start = resolve;
    }).then(async () => {
      this.opened = await openStorage(options);
    });
    // Observed by the gate, by close and by whoever awaits it; a failure must not also go unhandled here.
    this.ready.catch(() => undefined);
  }

  /** Starts opening (the first call; later calls return the same promise). */
  open(): Promise<void> {
    this.started = true;
    this.start();
    return this.ready;
  }

  /** Whether open() was called: a storage never opened has nothing to wait for at close. */
  get isStarted(): boolean {
    return this.started;
  }

  /** The open storage; requests reach it only past the database gate, so reading it earlier is a defect. */
  get current(): Storage {
    if (this.opened === undefined) throw new Error('The database is not open yet: requests that need it wait at plugins/database-gate.ts.');
    return this.opened;
  }

  /** Closes it once its start-up is over (opened, or failed and already closed). */
  async close(): Promise<void> {
    if (
      !this.started ||
      !(await this.ready.then(
        () => true,
        () => false,
      ))
    )
      return;
    await this.opened?.listener?.close();
    await this.opened?.db.close();
  }
}
