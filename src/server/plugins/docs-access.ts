/**
 * Who may read the reference outside the screens (Markdown, llms.txt, the MCP server): a signed-in
 * session; a request carrying one of the user's API tokens, in the token header or as
 * `Authorization: Bearer <token>` (what assistants send); anyone when PUBLIC_DOCS is true. A presented token
 * that is malformed, unknown, expired or revoked gets the API's 401 body, whatever PUBLIC_DOCS says.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { FORBIDDEN_MESSAGE } from '../lib/http-error.ts';
import { findPresentedToken } from '../public-api/token-lookup.ts';
import { loadSession } from './session.ts';

export type DocsReader =
  | { kind: 'session' }
  /** `token` is the value presented: call_operation sends it on, nothing else keeps it. */
  | { kind: 'token'; token: string }
  | { kind: 'public' }
  | { kind: 'none' }
  | { kind: 'bad-token' };

/** The token a request presents, in the token header or as a bearer token. */
export function presentedToken(ctx: ServerContext, request: FastifyRequest): string | undefined {
  const header = request.headers[ctx.apiTokenHeader];
  if (typeof header === 'string' && header !== '') return header;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return bearer?.[1];
}

export async function docsReaderOf(ctx: ServerContext, request: FastifyRequest): Promise<DocsReader> {
  const token = presentedToken(ctx, request);
  if (token !== undefined) {
    const row = await findPresentedToken(ctx, token);
    return row !== undefined && row.expires_at.getTime() > ctx.now() ? { kind: 'token', token } : { kind: 'bad-token' };
  }
  if ((await loadSession(ctx, request)) !== undefined) return { kind: 'session' };
  return ctx.config.publicDocs ? { kind: 'public' } : { kind: 'none' };
}

export function canRead(reader: DocsReader): boolean {
  return reader.kind === 'session' || reader.kind === 'token' || reader.kind === 'public';
}

/** The API's 401, with a challenge naming where the token goes. */
export function refuseReader(ctx: ServerContext, reply: FastifyReply): FastifyReply {
  const header = ctx.apiTokenHeader.toUpperCase();
  return reply
    .code(401)
    .header('cache-control', 'no-store')
    .header('www-authenticate', `Bearer realm="documentation", header="${header}"`)
    .send({ status: 401, message: FORBIDDEN_MESSAGE });
}
