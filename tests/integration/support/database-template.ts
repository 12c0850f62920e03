/**
 * Global setup of the integration projects: one database migrated and seeded with the demo data, made once
 * per run. startTestServer starts each file's server on a copy of it (copyTemplateDatabase in
 * test-database.ts: a PGlite directory copy, or CREATE DATABASE ... TEMPLATE on PostgreSQL) instead of
 * migrating and seeding again in every file.
 */
import type { TestProject } from 'vitest/node';
import { createTestDatabase, type DatabaseTemplate } from './test-database.ts';
import { startTestServer } from './test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export default async function makeDatabaseTemplate(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  const database = await createTestDatabase(kind);
  try {
    // The same start every file's server makes (migrations, token keys, demo data), on the template.
    const server = await startTestServer({ database });
    await server.close();
  } catch (error) {
    await database.drop();
    throw error;
  }
  project.provide('databaseTemplate', { dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  return () => database.drop();
}
