/**
 * A new account from the warehouse system gets a sandbox of its own at its first sign-in (shadowAccountFor,
 * db/seed/sandbox-account.ts): its first token answers every public operation of its family with 200 and
 * as many rows as the first demo seller has, every row one written at its sign-in; two new accounts share
 * no row; the demo accounts' answers, ETags and cached answers stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shadowAccountFor } from '../../src/server/accounts/shadow-sign-in.ts';
import { FIRST_DEMO_SELLER } from '../../src/server/db/seed/demo-data.ts';
import type { ActivityOrigin } from '../../src/server/lib/activity-origin.ts';
import { hashSessionId, newSessionId } from '../../src/server/lib/session-cookie.ts';
import { createSession } from '../../src/server/repositories/sessions-repository.ts';
import type { UserType } from '../../src/shared/api-family.ts';
import type { CatalogueOperation } from '../../src/shared/portal-data/catalogue.ts';
import { catalogueCalls, catalogueOperations, type CatalogueCall } from './support/catalogue-calls.ts';
import type { Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

type Family = CatalogueOperation['family'];
type Page = { page: number; size: number; lastPage: number; data: unknown[] };
interface Answer {
  status: number;
  text: string;
  etag: string | null;
}
interface Caller {
  family: Family;
  client: Client;
  token: string;
}
interface NewAccount extends Caller {
  userId: number;
  /** The owner its token reads as: `seller:<user id>` or `warehouse:<the warehouse it runs>`. */
  owner: string;
  /** The ids each table got at its sign-in. */
  written: Record<RowTable, number[]>;
}

const ROW_TABLES = ['warehouses', 'quotations', 'imports', 'products', 'normal_orders', 'return_orders'] as const;
type RowTable = (typeof ROW_TABLES)[number];
const ORIGIN: ActivityOrigin = { ipAddress: '127.0.0.1', userAgent: 'sandbox test' };
const DEMO_OWNERS = ['seller:1', 'seller:3', 'warehouse:1', 'warehouse:2'];
/** No account reads as it: its eviction only says every notification sent before it has arrived. */
const SENTINEL_OWNER = 'seller:0';

let server: TestServer;
const demo = {} as Record<Family, Caller>;
const demoAnswersBefore = new Map<string, Answer & { path: string }>();
let demoTicketsBefore: string[];
const newAccounts = {} as Record<'sellerA' | 'sellerB' | 'warehouseA' | 'warehouseB', NewAccount>;

/** The table whose rows a list shows. */
function tableOf(operation: CatalogueOperation): RowTable {
  if (operation.domain === 'orders') return operation.orderType === 'return' ? 'return_orders' : 'normal_orders';
  if (operation.domain === 'inventory') return 'products';
  return operation.domain as RowTable;
}

async function answer(caller: Caller, path: string): Promise<Answer> {
  const response = await caller.client.api(`/api/v1${path}`, caller.token);
  return { status: response.status, text: response.text, etag: response.headers.get('etag') };
}

/** Every list of the family at its first page, and every detail at the first row of its list. */
function everyCall(caller: Caller): Promise<CatalogueCall[]> {
  return catalogueCalls(caller.family, async (path) => (await caller.client.api(`/api/v1${path}`, caller.token)).body);
}

/** The row ids of every page of a list, in order. */
async function listIds(caller: Caller, operation: CatalogueOperation): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 0; ; page += 1) {
    const response = await caller.client.api<Page>(`/api/v1${operation.path}?size=100&page=${page}`, caller.token);
    expect(response.status).toBe(200);
    ids.push(
      ...response.body.data.map((row) => (operation.rowId ?? []).reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], row) as number),
    );
    if (page >= response.body.lastPage) return ids;
  }
}

async function maxIds(): Promise<Record<RowTable, number>> {
  const [row] = await server.db.query<Record<RowTable, number>>(
    `SELECT ${ROW_TABLES.map((table) => `(SELECT COALESCE(MAX(id), 0) FROM ${table}) AS ${table}`).join(', ')}`,
  );
  return row as Record<RowTable, number>;
}

async function demoCaller(family: Family, email: string, userType: UserType): Promise<Caller> {
  const client = server.client();
  await client.login(email, userType);
  return { family, client, token: await client.createToken() };
}

/** The first sign-in of a directory account, then a session and a token for it as the portal makes them. */
async function signInNew(subject: string, userType: UserType): Promise<NewAccount> {
  const before = await maxIds();
  const account = await server.db.transaction((tx) =>
    shadowAccountFor(tx, 'ldap', { subject, email: `${subject}@corp.example`, userTypes: [userType] }, userType, ORIGIN),
  );
  if (account === undefined) throw new Error(`${subject} was refused`);
  const after = await maxIds();
  const written = {} as Record<RowTable, number[]>;
  for (const table of ROW_TABLES) {
    const rows = await server.db.query<{ id: number }>(`SELECT id FROM ${table} WHERE id > $1 AND id <= $2 ORDER BY id`, [before[table], after[table]]);
    written[table] = rows.map((row) => row.id);
  }
  const sessionId = newSessionId();
  await createSession(server.db, hashSessionId(sessionId), account.id, 1, ORIGIN);
  const client = server.client();
  client.cookie = `portal_session=${sessionId}`;
  const token = await client.createToken('Sandbox');
  const [warehouse] = await server.db.query<{ id: number }>('SELECT id FROM warehouses WHERE account_id = $1', [account.id]);
  const owner = userType === 'SELLER' ? `seller:${account.id}` : `warehouse:${warehouse?.id}`;
  return { family: userType === 'SELLER' ? 'seller' : 'warehouse', client, token, userId: account.id, owner, written };
}

/** Waits until the server has acted on every owner_data_changed notification sent so far (they arrive in commit order). */
async function notificationsArrived(): Promise<void> {
  const cache = server.app.responseCache;
  const before = cache.ticket(SENTINEL_OWNER);
  await server.db.query(`SELECT pg_notify('owner_data_changed', $1)`, [SENTINEL_OWNER]);
  await vi.waitFor(() => expect(cache.ticket(SENTINEL_OWNER)).not.toBe(before), { timeout: 5000 });
}

beforeAll(async () => {
  server = await startTestServer();
  demo.seller = await demoCaller('seller', 'seller@example.com', 'SELLER');
  demo.warehouse = await demoCaller('warehouse', 'warehouse@example.com', 'WAREHOUSE');
  // The demo's answers by operation, each now in the response cache.
  for (const caller of Object.values(demo)) {
    for (const call of await everyCall(caller)) demoAnswersBefore.set(call.operation.operationId, { path: call.path, ...(await answer(caller, call.path)) });
  }
  await notificationsArrived();
  demoTicketsBefore = DEMO_OWNERS.map((owner) => server.app.responseCache.ticket(owner));
  newAccounts.sellerA = await signInNew('sandbox-seller-a', 'SELLER');
  newAccounts.sellerB = await signInNew('sandbox-seller-b', 'SELLER');
  newAccounts.warehouseA = await signInNew('sandbox-warehouse-a', 'WAREHOUSE');
  newAccounts.warehouseB = await signInNew('sandbox-warehouse-b', 'WAREHOUSE');
  await notificationsArrived();
});
afterAll(async () => server?.close());

describe.each(['sellerA', 'warehouseA'] as const)('the first token of a new account (%s)', (name) => {
  it("answers every operation of its family with 200, each list with a first page as full as the demo account's", async () => {
    const account = newAccounts[name];
    const calls = await everyCall(account);
    expect(calls.map((call) => call.operation.operationId)).toEqual(catalogueOperations(account.family).map((operation) => operation.operationId));
    for (const call of calls) {
      const mine = await answer(account, call.path);
      const demoAnswer = demoAnswersBefore.get(call.operation.operationId);
      expect(mine.status, call.path).toBe(200);
      expect(demoAnswer?.status, call.path).toBe(200);
      if (call.operation.mode !== 'list') continue;
      const [minePage, demoPage] = [JSON.parse(mine.text) as Page, JSON.parse(demoAnswer?.text ?? '{}') as Page];
      expect(demoPage.data.length, call.path).toBeGreaterThan(0);
      expect(minePage.data.length, call.path).toBe(demoPage.data.length);
      expect(minePage.lastPage, call.path).toBeGreaterThanOrEqual(1);
    }
  });

  it('lists exactly the rows written at its sign-in, as many as the first demo seller has', async () => {
    const account = newAccounts[name];
    const expected: Partial<Record<RowTable, number>> = {
      quotations: FIRST_DEMO_SELLER.quotations,
      products: FIRST_DEMO_SELLER.products,
      normal_orders: FIRST_DEMO_SELLER.orders,
      return_orders: FIRST_DEMO_SELLER.returns,
      warehouses: account.family === 'seller' ? FIRST_DEMO_SELLER.warehouseCount : 1,
    };
    for (const operation of catalogueOperations(account.family).filter((candidate) => candidate.mode === 'list')) {
      const table = tableOf(operation);
      const ids = await listIds(account, operation);
      expect(ids, operation.operationId).toEqual(account.written[table]);
      expect(ids.length, operation.operationId).toBe(expected[table] ?? ids.length);
      expect(ids.length, operation.operationId).toBeGreaterThan(0);
    }
  });

  it('keeps every owner list position dense and growing with id', async () => {
    const account = newAccounts[name];
    const [kind, id] = account.owner.split(':');
    const column = kind === 'seller' ? 'seller' : 'warehouse';
    for (const table of ROW_TABLES.filter((candidate) => candidate !== 'warehouses')) {
      const [row] = await server.db.query<{ rows: number; misplaced: number }>(
        `SELECT count(*)::int AS rows, count(*) FILTER (WHERE seq <> position)::int AS misplaced
           FROM (SELECT ${column}_seq AS seq, row_number() OVER (ORDER BY id) AS position FROM ${table} WHERE ${column}_id = $1) AS owned`,
        [Number(id)],
      );
      expect(row?.rows, table).toBeGreaterThan(0);
      expect(row?.misplaced, table).toBe(0);
    }
  });
});

describe('two new accounts', () => {
  it.each([['sellerA', 'sellerB'] as const, ['warehouseA', 'warehouseB'] as const])('%s and %s share no row', async (first, second) => {
    const [a, b] = [newAccounts[first], newAccounts[second]];
    expect(a.owner).not.toBe(b.owner);
    for (const operation of catalogueOperations(a.family).filter((candidate) => candidate.mode === 'list')) {
      const mine = await listIds(a, operation);
      const theirs = new Set(await listIds(b, operation));
      expect(mine.length).toBeGreaterThan(0);
      expect(
        mine.filter((id) => theirs.has(id)),
        operation.operationId,
      ).toEqual([]);
    }
  });

  it("cannot read each other's rows by id", async () => {
    const { sellerA, sellerB, warehouseA, warehouseB } = newAccounts;
    const order = sellerB.written.normal_orders[0];
    expect((await sellerA.client.api(`/api/v1/seller/orders/normal/${order}`, sellerA.token)).status).toBe(404);
    const quotation = warehouseB.written.quotations[0];
    expect((await warehouseA.client.api(`/api/v1/warehouse/quotations/${quotation}`, warehouseA.token)).status).toBe(404);
  });
});

describe('the seller a new warehouse account sees', () => {
  it('is made for it, has rows only at its warehouse, and no one can sign in as it', async () => {
    const { warehouseA } = newAccounts;
    const warehouseId = Number(warehouseA.owner.split(':')[1]);
    const sellers = await server.db.query<{ id: number; email: string; auth_provider: string; elsewhere: number }>(
      `SELECT u.id, u.email, u.auth_provider,
              (SELECT count(*)::int FROM normal_orders o WHERE o.seller_id = u.id AND o.warehouse_id <> $1) AS elsewhere
         FROM users u WHERE u.id IN (SELECT seller_id FROM normal_orders WHERE warehouse_id = $1)`,
      [warehouseId],
    );
    expect(sellers).toHaveLength(1);
    const [seller] = sellers;
    expect(seller).toMatchObject({ auth_provider: 'local', elsewhere: 0 });
    expect(seller?.id).toBeGreaterThan(4);
    expect(seller?.email).toMatch(/@sandbox\.invalid$/);
    const response = await server.client().post('/api/auth/login', { email: seller?.email, password: 'demo-password', userType: 'SELLER' });
    expect(response.status).toBe(401);
  });
});

describe('a later sign-in', () => {
  it('finds the shadow account and writes no second sandbox', async () => {
    const before = await maxIds();
    const again = await server.db.transaction((tx) =>
      shadowAccountFor(tx, 'ldap', { subject: 'sandbox-seller-a', email: 'sandbox-seller-a@corp.example', userTypes: ['SELLER'] }, 'SELLER', ORIGIN),
    );
    expect(again?.id).toBe(newAccounts.sellerA.userId);
    expect(await maxIds()).toEqual(before);
  });
});

describe('the demo accounts', () => {
  it('kept their cached answers: the new sandboxes notified only their own owners', () => {
    const cache = server.app.responseCache;
    expect(DEMO_OWNERS.map((owner) => cache.ticket(owner))).toEqual(demoTicketsBefore);
    // The notifications did arrive: each new owner's answers were evicted (the ticket moved on).
    const generation = demoTicketsBefore[0]?.split(':')[0];
    for (const account of Object.values(newAccounts)) expect(cache.ticket(account.owner)).not.toBe(`${generation}:0`);
  });

  it('answer every operation as before, with the same ETags', async () => {
    for (const caller of Object.values(demo)) {
      for (const call of await everyCall(caller)) {
        expect({ path: call.path, ...(await answer(caller, call.path)) }, call.operation.operationId).toEqual(
          demoAnswersBefore.get(call.operation.operationId),
        );
      }
    }
  });
});
