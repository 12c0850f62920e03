/** Writes generated rows (plain column maps, all of a table's rows with the same columns) in multi-row INSERTs. */
import type { Transaction } from '../database.ts';
import type { SeedRow, SeedTables } from './fulfillment-generator.ts';

/** 200 rows of the widest table (31 columns) stay far below PostgreSQL's 65535 parameters per statement. */
export async function insertRows(tx: Transaction, table: string, rows: SeedRow[], batchSize = 200): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const columns = Object.keys(first);
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const params: unknown[] = [];
    const tuples = batch.map((row) => {
      const placeholders = columns.map((column) => {
        params.push(row[column] ?? null);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}

/** Every table, in the order their references need (SeedTables lists them so). */
export async function insertTables(tx: Transaction, tables: SeedTables): Promise<void> {
  for (const [table, rows] of Object.entries(tables)) await insertRows(tx, table, rows);
}
