/**
 * Failed-login throttling (routes/portal-session/handlers.ts, repositories/login-failures-repository.ts):
 * atomic under concurrency, per account-and-address pair and per address (never per account alone),
 * keyed by the forwarded address behind TRUST_PROXY; password checks bounded, the excess refused with 503.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveInProcess, type Derive } from '../../src/server/lib/password.ts';
import { DEMO_PASSWORD } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const LOGIN = '/api/auth/login';
const PAIR_LIMIT = 10;
const ADDRESS_LIMIT = 20;
const REFUSAL_DELAY_MS = 300;

/** Counts password derivations: every check of a password is one. */
let derivations = 0;
const countingDerive: Derive = async (task) => {
  derivations += 1;
  return deriveInProcess(task);
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { TRUST_PROXY: 'true' },
    testing: {
      loginThrottle: { perAccountAndAddress: PAIR_LIMIT, perAddress: ADDRESS_LIMIT, windowSeconds: 600, refusalDelayMs: REFUSAL_DELAY_MS },
      // A place for each of the 50 concurrent logins below: they all claim their attempts at once, and the
      // throttle alone decides.
      passwordHashing: { limits: { concurrency: 50, queueLength: 200, maxWaitMs: 60_000 }, derive: countingDerive },
    },
  });
});
afterAll(async () => server?.close());

function login(from: string, body: { email: string; password: string; userType?: string }) {
  return fetch(server.baseUrl + LOGIN, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ userType: 'SELLER', ...body }),
  });
}

async function statuses(responses: Response[]): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (const response of responses) {
    counts[response.status] = (counts[response.status] ?? 0) + 1;
    const body = (await response.json()) as { status: number; message: string };
    expect(body).toEqual({ status: response.status, message: expect.any(String) });
  }
  return counts;
}

describe('counting is atomic', () => {
  it('50 concurrent wrong passwords for one account from one address: exactly the limit are checked', async () => {
    const before = derivations;
    const responses = await Promise.all(Array.from({ length: 50 }, () => login('198.51.100.1', { email: 'seller@example.com', password: 'wrong' })));
    expect(await statuses(responses)).toEqual({ 401: PAIR_LIMIT, 429: 50 - PAIR_LIMIT });
    expect(derivations - before).toBe(PAIR_LIMIT);
    const [row] = await server.db.query<{ failures: number }>(`SELECT failures FROM login_failures WHERE key = 'pair:198.51.100.1 seller@example.com'`);
    expect(row?.failures).toBe(PAIR_LIMIT);
  });

  it('50 concurrent wrong logins for 50 accounts from one address: exactly the address limit are checked', async () => {
    const before = derivations;
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => login('198.51.100.2', { email: `guess${i}@example.com`, password: 'wrong' })));
    expect(await statuses(responses)).toEqual({ 401: ADDRESS_LIMIT, 429: 50 - ADDRESS_LIMIT });
    // Unknown accounts are checked against a hash that matches nothing, so they take as long as known ones.
    expect(derivations - before).toBe(ADDRESS_LIMIT);
  });
});

describe('an attacker cannot lock the owner out', () => {
  it("the attacker's address spends its budget; the owner's address still logs in", async () => {
    const attacker = '203.0.113.66';
    for (let i = 0; i < PAIR_LIMIT; i += 1) expect((await login(attacker, { email: 'seller2@example.com', password: `guess-${i}` })).status).toBe(401);
    const blocked = await login(attacker, { email: 'seller2@example.com', password: DEMO_PASSWORD });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await blocked.json()).toEqual({ status: 429, message: `Too many failed logins, retry in ${retryAfter} seconds.` });

    const owner = await login('192.0.2.10', { email: 'seller2@example.com', password: DEMO_PASSWORD });
    expect(owner.status).toBe(200);
  });

  it('a right password starts its pair over; the address keeps its other failures', async () => {
    const from = '192.0.2.20';
    for (let i = 0; i < 3; i += 1) expect((await login(from, { email: 'warehouse2@example.com', password: 'wrong', userType: 'WAREHOUSE' })).status).toBe(401);
    expect((await login(from, { email: 'warehouse2@example.com', password: DEMO_PASSWORD, userType: 'WAREHOUSE' })).status).toBe(200);
    const rows = await server.db.query<{ key: string; failures: number }>(
      `SELECT key, failures FROM login_failures WHERE key LIKE '%192.0.2.20%' ORDER BY key`,
    );
    expect(rows).toEqual([{ key: 'address:192.0.2.20', failures: 3 }]);
  });

  it('IPv6 addresses count by their /64: changing the rest of the address does not reset the budget', async () => {
    for (let i = 0; i < PAIR_LIMIT; i += 1) {
      expect((await login(`2001:db8:aa:bb::${(i + 1).toString(16)}`, { email: 'seller@example.com', password: 'wrong' })).status).toBe(401);
    }
    expect((await login('2001:db8:aa:bb:ffff::1', { email: 'seller@example.com', password: 'wrong' })).status).toBe(429);
    expect((await login('2001:db8:aa:cc::1', { email: 'seller@example.com', password: DEMO_PASSWORD })).status).toBe(200);
  });
});

describe('refusals are not instant', () => {
  it('a refused login is answered only after the pause, so a client cannot turn refusals into a flood', async () => {
    const from = '198.51.100.1';
    const started = performance.now();
    const refused = await login(from, { email: 'seller@example.com', password: 'wrong' });
    expect(refused.status).toBe(429);
    // A lower bound only: a busy machine can make it later, never earlier.
    expect(performance.now() - started).toBeGreaterThanOrEqual(REFUSAL_DELAY_MS - 5);
  });
});

describe('without TRUST_PROXY', () => {
  it('X-Forwarded-For is ignored: rotating it does not escape the budget of the real address', async () => {
    const direct = await startTestServer({
      testing: {
        loginThrottle: { perAccountAndAddress: 3, perAddress: 100, windowSeconds: 600, refusalDelayMs: 0 },
        passwordHashing: { limits: { concurrency: 2, queueLength: 10 } },
      },
    });
    try {
      const attempt = (i: number) =>
        fetch(direct.baseUrl + LOGIN, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
          body: JSON.stringify({ email: 'seller@example.com', password: 'wrong', userType: 'SELLER' }),
        });
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) codes.push((await attempt(i)).status);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const keys = (await direct.db.query<{ key: string }>('SELECT key FROM login_failures ORDER BY key')).map((row) => row.key);
      expect(keys).toEqual(['address:127.0.0.1', 'pair:127.0.0.1 seller@example.com']);
    } finally {
      await direct.close();
    }
  });
});

describe('password checks are bounded', () => {
  it('past one running and two waiting, logins are refused with 503 + Retry-After at once and cost no attempt', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let running = 0;
    let mostAtOnce = 0;
    const heldDerive: Derive = async (task) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      try {
        await gate;
        return await deriveInProcess(task);
      } finally {
        running -= 1;
      }
    };
    const busy = await startTestServer({
      testing: {
        loginThrottle: { refusalDelayMs: 0 },
        passwordHashing: { limits: { concurrency: 1, queueLength: 2, maxWaitMs: 60_000 }, derive: heldDerive },
      },
    });
    try {
      const answered: Response[] = [];
      const requests = Array.from({ length: 6 }, () =>
        fetch(busy.baseUrl + LOGIN, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'seller@example.com', password: DEMO_PASSWORD, userType: 'SELLER' }),
        }).then((response) => {
          answered.push(response);
          return response;
        }),
      );
      // Three are refused while the other three hold their places.
      while (answered.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(answered.map((response) => response.status)).toEqual([503, 503, 503]);
      for (const refused of answered) {
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(await refused.json()).toEqual({ status: 503, message: `Too many logins at once, retry in ${retryAfter} seconds.` });
      }
      open();
      const all = await Promise.all(requests);
      expect(all.filter((response) => response.status === 200)).toHaveLength(3);
      expect(mostAtOnce).toBe(1);
      // Refused logins checked no password: they took no attempt from any budget.
      const rows = await busy.db.query<{ failures: number }>('SELECT failures FROM login_failures');
      expect(rows.every((row) => row.failures === 0)).toBe(true);
    } finally {
      open();
      await busy.close();
    }
  });
});
