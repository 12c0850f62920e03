/**
 * A portal that checks calls for a gateway (docs/gateway.md, forward-auth), with the reference provider API
 * behind it: the portal on a port chosen first (its PUBLIC_ORIGIN is the identities' issuer), the upstream
 * trusting that origin's key set, UPSTREAM_API_URL, GATEWAY_LOG_ADDRESS on a free UDP port and
 * TRUST_PROXY=loopback. Helpers for the tokens and the Usage rows the tests read.
 */
import { expect } from 'vitest';
import type { Client } from './http-client.ts';
import { freePort } from './free-port.ts';
import { startReferenceUpstream, type ReferenceUpstream } from './gateway-engines.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export interface GatewayPortal {
  portal: TestServer;
  upstream: ReferenceUpstream;
  /** host:port of the portal. */
  portalAddress: string;
  /** host:port of its access-log receiver. */
  logAddress: string;
  close(): Promise<void>;
}

/** The environment a portal checking for a gateway runs with. */
export function gatewayPortalEnv(origin: string, upstream: ReferenceUpstream, logAddress: string): Record<string, string> {
  return {
    UPSTREAM_API_URL: `http://${upstream.hostPort}/api/v1`,
    PUBLIC_ORIGIN: origin,
    GATEWAY_LOG_ADDRESS: logAddress,
    TRUST_PROXY: 'loopback',
  };
}

export async function startGatewayPortal(env: Record<string, string> = {}): Promise<GatewayPortal> {
  const port = await freePort();
  const logAddress = `127.0.0.1:${await freePort()}`;
  const origin = `http://127.0.0.1:${port}`;
  const upstream = await startReferenceUpstream(origin);
  const portal = await startTestServer({ port, env: { ...gatewayPortalEnv(origin, upstream, logAddress), ...env } }).catch(async (error: unknown) => {
    await upstream.close();
    throw error;
  });
  return {
    portal,
    upstream,
    portalAddress: `127.0.0.1:${port}`,
    logAddress,
    async close() {
      await portal.close();
      await upstream.close();
    },
  };
}

export interface TokenOptions {
  environment?: 'live' | 'sandbox';
  scopes?: string[];
  ipAllowlist?: string[];
}

export async function createToken(client: Client, title: string, options: TokenOptions = {}): Promise<{ id: number; token: string }> {
  const response = await client.post<{ data: { id: number; token: string } }>('/api/auth/token', {
    title,
    description: 'gateway test',
    environment: options.environment ?? 'live',
    ...(options.scopes === undefined ? {} : { scopes: options.scopes }),
    ...(options.ipAllowlist === undefined ? {} : { ipAllowlist: options.ipAllowlist }),
  });
  expect(response.status, response.text).toBe(201);
  return response.body.data;
}

export interface UsageEntry {
  tokenId: number;
  operationId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  responseBytes: number;
  userAgent: string | null;
  clientAddress: string | null;
}

/** The token's rows in the owner's request log, newest first. */
export async function usageOf(client: Client, tokenId: number): Promise<UsageEntry[]> {
  const response = await client.get<{ data: UsageEntry[] }>(`/api/usage/requests?tokenId=${tokenId}`);
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

/** Waits until `check` passes (a line on its way over UDP, a NOTIFY on its way to another replica). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * Waits for the next minute when this one is nearly over, so calls meant for one rate-limit window stay
 * in it (the window is the database's minute, on this machine's clock).
 */
export async function awayFromWindowEnd(seconds = 40): Promise<void> {
  const now = new Date().getSeconds() + new Date().getMilliseconds() / 1000;
  if (now > seconds) await new Promise((resolve) => setTimeout(resolve, (61 - now) * 1000));
}
