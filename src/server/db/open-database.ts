/** Picks the database from configuration: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
import type { Database } from './database.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { openPgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';

export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl !== undefined) return openPostgresDatabase(options.databaseUrl);
  const lock = lockDataDir(options.dataDir);
  try {
    const db = await openPgliteDatabase(options.dataDir);
    return {
      ...db,
      async close() {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
