/**
 * A portal that reaches a provider's API and lets gateways introspect: UPSTREAM_API_URL (never called by
 * introspection, so nothing listens there), PUBLIC_ORIGIN on a port chosen beforehand (the issuer a
 * client discovers must be the URL it asked), and GATEWAY_CLIENTS. With helpers for a gateway's form posts.
 */
import type { Client, TestResponse } from './http-client.ts';
import { freePort } from './free-port.ts';
import { startTestServer, type StartOptions, type TestServer } from './test-server.ts';

export interface GatewayClientCredentials {
  id: string;
  secret: string;
}

/** RFC 6749 appendix B: form-urlencoded, a space as `+`. */
const formEncode = (text: string): string => encodeURIComponent(text).replace(/%20/g, '+');

/** client_secret_basic's header (RFC 6749 section 2.3.1): id and secret form-urlencoded, then Base64. */
export function basicHeader({ id, secret }: GatewayClientCredentials): string {
  return `Basic ${Buffer.from(`${formEncode(id)}:${formEncode(secret)}`).toString('base64')}`;
}

export async function startGatewayPortal(clients: GatewayClientCredentials[], options: StartOptions = {}): Promise<TestServer> {
  const port = await freePort();
  return startTestServer({
    ...options,
    port,
    env: {
      UPSTREAM_API_URL: 'http://127.0.0.1:9/api/v1',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      // None: GATEWAY_CLIENTS unset.
      ...(clients.length === 0 ? {} : { GATEWAY_CLIENTS: clients.map((client) => `${client.id}:${client.secret}`).join(',') }),
      ...options.env,
    },
  });
}

export interface CreatedToken {
  id: number;
  token: string;
  createdDate: string;
  expiryDate: string;
  scopes: string[] | null;
}

/** A token made through the portal's API by a signed-in user. */
export async function createToken(user: Client, body: { environment: 'live' | 'sandbox'; scopes?: string[]; title?: string }): Promise<CreatedToken> {
  const response = await user.post<{ data: CreatedToken }>('/api/auth/token', {
    title: body.title ?? `${body.environment} token`,
    description: 'For a gateway',
    ...body,
  });
  if (response.status !== 201) throw new Error(`createToken failed: ${response.status} ${response.text}`);
  return response.body.data;
}

/** POST /api/gateway/introspect as a gateway does: a form, with these headers (an Authorization or none). */
export function introspect(server: TestServer, form: Record<string, string>, headers: Record<string, string> = {}): Promise<TestResponse> {
  return server.client().request('POST', '/api/gateway/introspect', {
    rawBody: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}
