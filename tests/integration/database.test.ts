/**
 * The Database interface itself (src/server/db/database.ts), on the run's database: parameters and typed
 * rows, PostgreSQL's error fields, and transactions that commit or roll back whole. What only PGlite's
 * thread does: tests/unit/server/pglite-thread.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  await db.exec('CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL, at timestamptz, raw bytea)');
});

afterAll(async () => {
  await db.close();
  await database.drop();
});

const bodies = async () => (await db.query<{ body: string }>('SELECT body FROM notes ORDER BY id')).map((row) => row.body);

describe('query', () => {
  it('passes parameters and returns typed rows: a time as a Date, bytes as bytes', async () => {
    const at = new Date('2026-11-27T10:00:00.123Z');
    await db.query('INSERT INTO notes VALUES ($1, $2, $3, $4)', [100, 'typed', at, Buffer.from([1, 2, 255])]);
    const [row] = await db.query<{ at: Date; raw: Uint8Array }>('SELECT at, raw FROM notes WHERE id = 100');
    expect(row?.at).toBeInstanceOf(Date);
    expect(row?.at.getTime()).toBe(at.getTime());
    expect([...(row?.raw ?? [])]).toEqual([1, 2, 255]);
    await db.query('DELETE FROM notes WHERE id = 100');
  });

  it("rejects with PostgreSQL's message, code and constraint", async () => {
    await db.query("INSERT INTO notes (id, body) VALUES (1, 'first')");
    const error = await db.query("INSERT INTO notes (id, body) VALUES (1, 'again')").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_pkey' });
    expect((error as Error).message).toMatch(/duplicate key/);
    const outOfRange = await db.query('SELECT $1::smallint', [100_000]).catch((caught: unknown) => caught);
    expect(outOfRange).toMatchObject({ code: '22003' });
    await db.query('DELETE FROM notes');
  });
});

describe('transaction', () => {
  it('commits every statement when fn returns, and returns its value', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO notes (id, body) VALUES (1, 'one')");
      await tx.exec("INSERT INTO notes (id, body) VALUES (2, 'two')");
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM notes'))[0]?.n;
    });
    expect(value).toBe(2);
    expect(await bodies()).toEqual(['one', 'two']);
  });

  it('rolls back every statement when fn throws, and rethrows', async () => {
    const failure = new Error('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO notes (id, body) VALUES (3, 'three')");
        throw failure;
      }),
    ).rejects.toBe(failure);
    await expect(
      db.transaction(async (tx) => {
        await tx.query("UPDATE notes SET body = 'changed' WHERE id = 1");
        await tx.query("INSERT INTO notes (id, body) VALUES (2, 'duplicate')");
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await bodies()).toEqual(['one', 'two']);
  });

  it('runs transactions begun at once one after the other, each whole', async () => {
    await Promise.all(
      [10, 20, 30].map((id) =>
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [id, `first of ${id}`]);
          await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [id + 1, `second of ${id}`]);
        }),
      ),
    );
    expect(await bodies()).toEqual(['one', 'two', 'first of 10', 'second of 10', 'first of 20', 'second of 20', 'first of 30', 'second of 30']);
  });
});
