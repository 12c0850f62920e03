/**
 * The embedded database on its own thread (src/server/db/pglite-database.ts and pglite-worker.js): a NOTIFY
 * reaches its listener before the statement that sent it returns (the response cache is evicted before a
 * write answers), an idle database does not keep a process alive while one at work does, and a closed one
 * rejects. The rest of the Database interface is tested on both databases in tests/integration/database.test.ts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../src/server/db/database.ts';
import { openDatabase } from '../../../src/server/db/open-database.ts';

// PGlite's open takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const OPEN_DATABASE = fileURLToPath(new URL('../../../src/server/db/open-database.ts', import.meta.url));
let dataDir: string;
let db: Database;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
  db = await openDatabase({ databaseUrl: undefined, dataDir: join(dataDir, 'database') });
});

afterAll(async () => {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('PGlite on its own thread', () => {
  it("calls a NOTIFY's listener before the statement that sent it returns, and a transaction's at its commit", async () => {
    const heard: string[] = [];
    await db.listen?.('notes_changed', (payload) => heard.push(payload));
    await db.query("SELECT pg_notify('notes_changed', 'first')");
    expect(heard).toEqual(['first']);
    await db.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('notes_changed', 'in a transaction')");
      expect(heard).toEqual(['first']);
    });
    expect(heard).toEqual(['first', 'in a transaction']);
  });

  it("an open database left idle does not keep a script's process alive, and one at work does", async () => {
    const script = join(dataDir, 'idle-database.mjs');
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(OPEN_DATABASE)};
      const db = await openDatabase({ databaseUrl: undefined, dataDir: ${JSON.stringify(join(dataDir, 'idle'))} });
      const [row] = await db.query('SELECT 41 + 1 AS answer');
      console.log(row.answer);`,
    );
    // Waiting on the answer keeps the process alive (42 is printed); nothing after it does (the script exits).
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      timeout: 50_000,
    });
    expect(stdout.trim()).toBe('42');
  });

  it('rejects a statement once the database is closed', async () => {
    const closing = await openDatabase({ databaseUrl: undefined, dataDir: join(dataDir, 'closing') });
    await closing.close();
    await expect(closing.query('SELECT 1')).rejects.toThrow(/stopped/);
  });
});
