/**
 * The real server process: durability across SIGKILL (twenty times), graceful SIGTERM, and per database:
 * PGlite refuses a second process on its DATA_DIR; PostgreSQL serves one session from two replicas. The
 * request log's own durability under SIGKILL and SIGTERM is request-log-durability.test.ts.
 */
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/http-client.ts';
import { serverEnv, serverProcesses, spawnServer } from './support/server-process.ts';
import { createTestDatabase, TEST_DATABASE, type TestDatabase } from './support/test-database.ts';

let database: TestDatabase;
const processes = serverProcesses();
const start = (db: TestDatabase, extra?: Record<string, string>) => processes.start(db, extra);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await processes.killAll();
  await database?.drop();
});

describe('durability', () => {
  it('twenty times: create a token, SIGKILL the server, start again: every token is listed and works', { timeout: 240_000 }, async () => {
    let server = await start(database);
    const client = new Client(server.baseUrl);
    await client.login();
    const created: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      created.push(await client.createToken(`round ${round}`, 'survives SIGKILL'));
      await server.kill('SIGKILL');
      server = await start(database);
      const fresh = new Client(server.baseUrl);
      fresh.cookie = client.cookie;
      const listed = await fresh.get<{ data: Array<{ token: string }> }>('/api/auth/token');
      expect(listed.status).toBe(200);
      // Listed newest first, as the spec says.
      expect(listed.body.data.map((token) => token.token)).toEqual([...created].reverse());
      expect((await fresh.api('/api/v1/seller/orders/normal?size=1', created[round])).status).toBe(200);
      Object.assign(client, { baseUrl: server.baseUrl });
    }
    for (const token of created) expect((await client.api('/api/v1/seller/warehouses?size=1', token)).status).toBe(200);
    await server.kill('SIGTERM');
  });

  it('SIGTERM finishes the request in flight, then exits cleanly and releases the data directory', async () => {
    // The grace is long: on a busy machine the login alone can take longer than the default 10 s.
    const server = await start(database, { SHUTDOWN_GRACE_SECONDS: '120' });
    const body = JSON.stringify({ email: 'seller@example.com', password: 'demo-password', userType: 'SELLER' });
    let exited: Promise<number | string> | undefined;
    // "Expect: 100-continue": the server answers 100 once it has taken the request in (its onRequest hooks,
    // including the shutdown check, have run), so the SIGTERM comes while the request is certainly in flight,
    // however busy the machine. The body follows, and the login's scrypt (production cost) keeps it in flight.
    const status = await new Promise<number>((resolve, reject) => {
      const login = request(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
      });
      login.on('continue', () => {
        exited = server.kill('SIGTERM');
        login.end(body);
      });
      login.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      login.on('error', reject);
    });
    expect(exited).toBeDefined();
    expect(status).toBe(200);
    expect(await exited).toBe(0);
    expect(existsSync(join(database.dataDir, 'server.lock'))).toBe(false);
  });

  it('SHUTDOWN_GRACE_SECONDS bounds the wait: a request that never finishes does not keep a stopped server alive', async () => {
    const server = await start(database, { SHUTDOWN_GRACE_SECONDS: '1' });
    // The body is announced and never sent, so the login stays in flight until the process ends.
    const login = request(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': 100 } });
    login.on('error', () => undefined);
    login.write('{');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopped = performance.now();
    expect(await server.kill('SIGTERM')).toBe(1);
    const waited = performance.now() - stopped;
    expect(waited).toBeGreaterThanOrEqual(900);
    // Well short of the default 10 s, so the setting is what ended it.
    expect(waited).toBeLessThan(8000);
    expect(server.output()).toMatch(/"msg":"shutting down"/);
    expect(server.output()).not.toMatch(/"msg":"closed"/);
  });

  it('standard output gets one access line per answered request, also those still waiting to be written at a SIGTERM', async () => {
    const server = await start(database);
    const calls = 400;
    // In flight together, so the asynchronous log writes many lines at once and some still wait at the stop.
    const statuses = await Promise.all(Array.from({ length: calls }, () => fetch(`${server.baseUrl}/healthz`).then((response) => response.status)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await server.kill('SIGTERM')).toBe(0);
    const accessLines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"url":"/healthz"') && line.includes('"msg":"request"'));
    expect(accessLines).toHaveLength(calls);
    expect(server.output()).toMatch(/"msg":"closed"/);
  });
});

if (TEST_DATABASE === 'pglite') {
  describe('one process per DATA_DIR (embedded database)', () => {
    it('a second process on a DATA_DIR in use fails fast with a clear message; the first keeps serving', async () => {
      const first = await start(database);
      const started = performance.now();
      const second = spawnServer(serverEnv(database));
      const code = await second.exited;
      expect(code).not.toBe(0);
      expect(performance.now() - started).toBeLessThan(15_000);
      expect(second.output()).toMatch(/DATA_DIR .* is in use by another server process \(pid \d+\)/);
      expect((await fetch(`${first.baseUrl}/healthz`)).status).toBe(200);
      await first.kill('SIGTERM');
    });
  });
} else {
  describe('several replicas on one PostgreSQL', () => {
    it('two processes started at once migrate and seed once, and serve one session interchangeably', async () => {
      const fresh = await createTestDatabase();
      try {
        const [a, b] = await Promise.all([start(fresh), start(fresh)]);
        if (a === undefined || b === undefined) throw new Error('replicas did not start');
        const viaA = new Client(a.baseUrl);
        await viaA.login();
        const viaB = new Client(b.baseUrl);
        viaB.cookie = viaA.cookie;
        expect((await viaB.get('/api/auth/me')).body).toEqual({ email: 'seller@example.com', userType: 'SELLER' });
        const token = await viaB.createToken('made on B', 'listed on A');
        expect((await viaA.get<{ data: Array<{ token: string }> }>('/api/auth/token')).body.data.map((row) => row.token)).toContain(token);
        expect((await viaA.api('/api/v1/seller/orders/normal', token)).status).toBe(200);
        expect((await viaB.api('/api/seller/orders/normal', token)).status).toBe(200);
        // Each replica logs its own calls into the shared database; either one's Usage screen shows both.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const logged = await viaA.get<{ data: Array<{ path: string }> }>('/api/usage/requests');
        expect(logged.body.data.map((entry) => entry.path).sort()).toEqual(['/api/seller/orders/normal', '/api/v1/seller/orders/normal']);
        await viaA.get('/api/auth/logout');
        expect((await viaB.get('/api/auth/me')).status).toBe(401);
        const users = await new Client(a.baseUrl).login().then(() => true);
        expect(users).toBe(true);
        await Promise.all([a.kill('SIGTERM'), b.kill('SIGTERM')]);
      } finally {
        await fresh.drop();
      }
    });

    it('a token refreshed or deleted on one replica answers 401 on the other within a second (token cache evicted)', async () => {
      const [a, b] = await Promise.all([start(database), start(database)]);
      if (a === undefined || b === undefined) throw new Error('replicas did not start');
      const viaA = new Client(a.baseUrl);
      await viaA.login();
      const viaB = new Client(b.baseUrl);
      /** Polls B until the value answers 401; how long that took, or Infinity after 1 s. */
      const revokedOnBWithin = async (value: string): Promise<number> => {
        const started = performance.now();
        while (performance.now() - started < 1_000) {
          if ((await viaB.api('/api/v1/seller/orders/normal?size=1', value)).status === 401) return performance.now() - started;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return Number.POSITIVE_INFINITY;
      };
      const refreshed = await viaA.createToken('refreshed on A', 'cached on B');
      const deleted = await viaA.createToken('deleted on A', 'cached on B');
      // B has both verified and cached (the cache keeps a token for longer than the 1 s allowed below).
      for (const value of [refreshed, deleted, refreshed, deleted]) expect((await viaB.api('/api/v1/seller/orders/normal?size=1', value)).status).toBe(200);

      const answer = await viaA.get<{ data: { token: string } }>(`/api/auth/token/refresh/${refreshed}`);
      expect(answer.status).toBe(200);
      expect(await revokedOnBWithin(refreshed)).toBeLessThan(1_000);
      expect((await viaB.api('/api/v1/seller/orders/normal?size=1', answer.body.data.token)).status).toBe(200);

      expect((await viaA.delete(`/api/auth/token/${deleted}`)).status).toBe(204);
      expect(await revokedOnBWithin(deleted)).toBeLessThan(1_000);
      await Promise.all([a.kill('SIGTERM'), b.kill('SIGTERM')]);
    });

    it('a grace window ended, replaced by a refresh or deleted on one replica stops the previous value on the other within a second', async () => {
      const [a, b] = await Promise.all([start(database), start(database)]);
      if (a === undefined || b === undefined) throw new Error('replicas did not start');
      const viaA = new Client(a.baseUrl);
      await viaA.login();
      const viaB = new Client(b.baseUrl);
      const call = (value: string) => viaB.api('/api/v1/seller/orders/normal?size=1', value);
      /** Polls B until the value answers 401; how long that took, or Infinity after 1 s. */
      const revokedOnBWithin = async (value: string): Promise<number> => {
        const started = performance.now();
        while (performance.now() - started < 1_000) {
          if ((await call(value)).status === 401) return performance.now() - started;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return Number.POSITIVE_INFINITY;
      };
      const refresh = async (value: string, graceHours: number) =>
        (await viaA.get<{ data: { token: string } }>(`/api/auth/token/refresh/${value}?graceHours=${graceHours}`)).body.data.token;

      // "End now" on A: the previous value, verified and cached on B, stops there too; the current one works.
      const ended = await viaA.createToken('ended on A', 'cached on B');
      const endedNext = await refresh(ended, 24);
      for (const value of [ended, endedNext, ended]) expect((await call(value)).status).toBe(200);
      expect((await viaA.delete(`/api/auth/token/previous-value/${endedNext}`)).status).toBe(200);
      expect(await revokedOnBWithin(ended)).toBeLessThan(1_000);
      expect((await call(endedNext)).status).toBe(200);

      // A second refresh on A ends the first window on B.
      const first = await viaA.createToken('refreshed twice on A', 'cached on B');
      const second = await refresh(first, 24);
      for (const value of [first, second, first]) expect((await call(value)).status).toBe(200);
      const third = await refresh(second, 24);
      expect(await revokedOnBWithin(first)).toBeLessThan(1_000);
      for (const value of [second, third]) expect((await call(value)).status).toBe(200);

      // Delete on A stops both values on B.
      expect((await viaA.delete(`/api/auth/token/${third}`)).status).toBe(204);
      expect(await revokedOnBWithin(second)).toBeLessThan(1_000);
      expect(await revokedOnBWithin(third)).toBeLessThan(1_000);
      await Promise.all([a.kill('SIGTERM'), b.kill('SIGTERM')]);
    });
  });
}
