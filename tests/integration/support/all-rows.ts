/** Every row of every table of a test server's database, as text: for asserting a value is kept nowhere. */
import type { TestServer } from './test-server.ts';

export async function allRows(server: TestServer): Promise<string[]> {
  const tables = await server.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const rows: string[] = [];
  for (const { table_name } of tables) {
    const dump = await server.db.query<{ row: string }>(`SELECT t::text AS row FROM "${table_name}" t`);
    rows.push(...dump.map((entry) => entry.row));
  }
  return rows;
}
