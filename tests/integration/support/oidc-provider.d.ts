/** oidc-provider ships no types: the little of it the test OpenID Provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContext {
    method: string;
    path: string;
    status: number;
    body: unknown;
    type: string;
    headers: Record<string, string | undefined>;
    oidc?: { body?: Record<string, unknown>; client?: { clientId: string } };
  }

  export interface ClientModel {
    backchannelLogout(sub: string, sid: string): Promise<void>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    readonly issuer: string;
    proxy: boolean;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): void;
    Client: { find(id: string): Promise<ClientModel | undefined> };
  }
}
