import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Three kinds of test, each where it fails:
 * - unit: pure functions, generators, the spec itself (node);
 * - component: React screens with Testing Library and msw (happy-dom);
 * - integration: the real server over HTTP on PGlite and on the PostgreSQL server.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one file at a time on 2 cores (cores - 1); files are independent (each its own
    // database, port and temp dirs), and integration files spend much of their time waiting on a server.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Some compare or compile whole specs: a second or two alone, several on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/unit/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/component.ts'],
          // A test renders the whole app and types into it: seconds on a busy 2-core machine, not a hang.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-pglite',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DATABASE: 'pglite' },
          globalSetup: ['tests/integration/support/database-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-postgres',
          include: ['tests/integration/**/*.test.ts'],
          // The identity providers' tests run once: what they check is the same on either database, and
          // the database paths they share (closing an account, sessions) run on both elsewhere.
          exclude: ['tests/integration/providers/**'],
          environment: 'node',
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['tests/integration/support/database-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
