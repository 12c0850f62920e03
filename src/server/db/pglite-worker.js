/**
 * The embedded database on its own thread: PGlite runs here, in a worker thread of the server, and
 * pglite-database.ts sends it each statement (docs/decisions/025-the-embedded-database-on-its-own-thread.md).
 * The server's thread then spends no time inside PostgreSQL: a batch of the request log, a usage query or
 * a migration runs on the other core while the server goes on answering calls.
 *
 * Messages in: { id, op: 'open' | 'query' | 'exec' | 'begin' | 'end' | 'listen' | 'close', ... }.
 * Messages out: { id, result } or { id, error } for each one, in any order, and { channel, payload } for
 * each NOTIFY, posted before the result of the statement that sent it. Plain JavaScript: runs with no
 * TypeScript loader, from the sources and from the compiled server alike.
 */
import { PGlite } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';

const { pgdata, startParams } = workerData;
const pg = new PGlite(pgdata, { startParams: [...PGlite.defaultStartParams, ...startParams] });

/** Open transactions by the id of the message that began them. */
const transactions = new Map();

/** Where a statement runs: in its transaction, or on its own. */
function runner(transactionId) {
  if (transactionId === undefined) return pg;
  const transaction = transactions.get(transactionId);
  if (transaction === undefined) throw new Error(`No open transaction ${transactionId}.`);
  return transaction.tx;
}

/** Holds a PGlite transaction open until its 'end' message commits or rolls it back. */
async function begin(id) {
  const transaction = {};
  const opened = new Promise((resolve) => {
    transaction.outcome = pg.transaction(
      (tx) =>
        new Promise((commit, rollBack) => {
          Object.assign(transaction, { tx, commit, rollBack });
          resolve();
        }),
    );
  });
  // Awaited by 'end'; this only keeps a failed BEGIN from being an unhandled rejection.
  transaction.outcome.catch(() => undefined);
  await Promise.race([opened, transaction.outcome]);
  transactions.set(id, transaction);
}

async function end(transactionId, commit) {
  const transaction = transactions.get(transactionId);
  if (transaction === undefined) return;
  transactions.delete(transactionId);
  if (commit) {
    transaction.commit();
    await transaction.outcome;
  } else {
    transaction.rollBack(new Error('rolled back'));
    await transaction.outcome.catch(() => undefined);
  }
}

async function run(message) {
  switch (message.op) {
    case 'open':
      return void (await pg.waitReady);
    case 'query':
      return (await runner(message.transaction).query(message.sql, message.params)).rows;
    case 'exec':
      return void (await runner(message.transaction).exec(message.sql));
    case 'begin':
      // The transaction's id, which its statements and its 'end' name.
      await begin(message.id);
      return message.id;
    case 'end':
      return end(message.transaction, message.commit);
    case 'listen':
      return void (await pg.listen(message.channel, (payload) => parentPort.postMessage({ channel: message.channel, payload })));
    case 'close':
      if (pg.closed) return;
      // CHECKPOINT first so the next start does not replay the WAL.
      await pg.exec('CHECKPOINT').catch(() => undefined);
      return void (await pg.close());
    default:
      throw new Error(`Unknown operation ${message.op}.`);
  }
}

/** An error's message and its primitive fields (PostgreSQL's code, constraint, detail...), which survive the post. */
function errorFields(error) {
  const fields = { name: error?.name ?? 'Error', message: error?.message ?? String(error) };
  for (const [key, value] of Object.entries(error ?? {})) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

parentPort.on('message', async (message) => {
  try {
    parentPort.postMessage({ id: message.id, result: await run(message) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: errorFields(error) });
  }
});
