/**
 * A tiny HTTP client over real sockets (fetch) for integration tests: keeps a session cookie like a
 * browser does, and validates every response against the spec (spec-validator.ts).
 */
import { brand } from '../../../src/generated/brand.ts';
import { validateResponse } from './spec-validator.ts';

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is (not JSON-encoded); content-type defaults to application/json. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Skip spec validation (only for deliberately off-spec requests such as unknown paths). */
  unchecked?: boolean;
}

export const DEMO_PASSWORD = 'demo-password';
export const TOKEN_HEADER = brand.apiTokenHeader;

export class Client {
  cookie: string | undefined;
  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie !== undefined && headers.cookie === undefined) headers.cookie = this.cookie;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = undefined;
    if (text.length > 0 && (response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith('portal_session='));
    if (setCookie !== undefined) {
      const value = setCookie.split(';')[0] ?? '';
      this.cookie = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(setCookie) || value === 'portal_session=' ? undefined : value;
    }
    if (!options.unchecked) validateResponse(method, path, response.status, parsed);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }
  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  async login(email = 'seller@example.com', userType: 'SELLER' | 'WAREHOUSE' = 'SELLER', password = DEMO_PASSWORD) {
    const response = await this.post('/api/auth/login', { email, password, userType });
    if (response.status !== 200) throw new Error(`login ${email} failed: ${response.status} ${response.text}`);
    return response;
  }

  async createToken(title = 'Integration test', description = 'Created by a test'): Promise<string> {
    const response = await this.post<{ data: { token: string } }>('/api/auth/token', { title, description });
    if (response.status !== 201) throw new Error(`createToken failed: ${response.status} ${response.text}`);
    return response.body.data.token;
  }

  /** A public API call with a token in the header. */
  api<T = unknown>(path: string, token: string | undefined, options: RequestOptions = {}) {
    const headers = { ...options.headers, ...(token === undefined ? {} : { [TOKEN_HEADER]: token }) };
    return this.request<T>('GET', path, { ...options, headers });
  }
}
