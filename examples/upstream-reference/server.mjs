// @ts-check
/**
 * A reference provider API for the developer portal's live tokens (UPSTREAM_API_URL): every operation of
 * the public API, answering only calls that carry the portal's signed identity. In plain Node with `jose`.
 *
 * Each call must carry `Authorization: Bearer <JWT>`: ES256, signed with a key of the portal's
 * `/.well-known/jwks.json`, `iss` the portal's origin, `aud` this API's audience, at most 60 s old. Its `sub`
 * (the account at the sign-in provider) chooses the data: each subject sees its own ids, so another
 * account's id is a 404 here as it is in the portal's sandbox. `user_type` must be the operation's family
 * and `scope` must name its domain (the portal checked both; this API does not take its word for it).
 * Answers come from the examples of the public API's own document (dist/export/openapi.json), with ids
 * made for the subject; every 200 has a strong ETag and honours If-None-Match with a 304.
 *
 *   401 no identity, a bad signature, another issuer or audience, an expired one
 *   403 the identity's user type or scopes do not cover the operation
 *   404 no such operation, or an id the subject does not own
 *
 * Run it:  PORTAL_ORIGIN=http://127.0.0.1:8080 AUDIENCE=http://127.0.0.1:4020 PORT=4020 node examples/upstream-reference/server.mjs
 * The portal: UPSTREAM_API_URL=http://127.0.0.1:4020/api/v1 UPSTREAM_AUDIENCE=http://127.0.0.1:4020 PUBLIC_ORIGIN=http://127.0.0.1:8080
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createRemoteJWKSet, jwtVerify } from 'jose';

const ITEMS_PER_SUBJECT = 12;
const FAMILY_OF_USER_TYPE = { SELLER: 'seller', WAREHOUSE: 'warehouse' };

/**
 * @typedef {{ operationId: string, family: string, domain: string, mode: 'list' | 'detail', pattern: RegExp, example: any }} Operation
 * @typedef {{ sub: string, user_type: string, scope: string, token_id: number, client_ip: string }} Identity
 */

/** @param {any} spec @param {any} value */
function resolve(spec, value) {
  if (value && typeof value.$ref === 'string') {
    const path = value.$ref.replace(/^#\//, '').split('/');
    return resolve(
      spec,
      path.reduce((/** @type {any} */ node, /** @type {string} */ key) => node[key], spec),
    );
  }
  return value;
}

/** Every GET of the public document with its family, domain and first example. @param {any} spec @returns {Operation[]} */
export function operationsOf(spec) {
  /** @type {Operation[]} */
  const operations = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    const op = item.get;
    if (op === undefined) continue;
    const content = resolve(spec, op.responses['200']).content['application/json'];
    const examples = Object.values(content.examples ?? {}).map((example) => resolve(spec, example).value);
    const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '(\\d{1,18})')}$`);
    operations.push({
      operationId: op.operationId,
      family: path.split('/')[1] ?? '',
      domain: op['x-domain'],
      mode: op['x-mode'],
      pattern,
      example: examples[0],
    });
  }
  return operations;
}

/** The subject's own ids: a block of its own, the same on every start. @param {string} subject */
export function idsOf(subject) {
  const block = createHash('sha256').update(subject).digest().readUInt32BE(0) % 100_000;
  return Array.from({ length: ITEMS_PER_SUBJECT }, (_, index) => (block + 1) * 100 + index + 1);
}

/** @param {Operation} operation @param {string} subject @param {URLSearchParams} query */
function listAnswer(operation, subject, query) {
  const page = Number(query.get('page') ?? 0);
  const size = Number(query.get('size') ?? 10);
  const ids = idsOf(subject);
  const template = operation.example.data[0];
  const data = ids.slice(page * size, page * size + size).map((id) => ({ ...template, id }));
  return { page, size, lastPage: Math.max(0, Math.ceil(ids.length / size) - 1), data };
}

/** @param {Operation} operation @param {string} subject @param {number} id */
function detailAnswer(operation, subject, id) {
  return idsOf(subject).includes(id) ? { ...operation.example, id } : undefined;
}

/**
 * @param {{ spec: any, basePath?: string, issuer: string, audience: string, jwksUrl?: string }} options
 */
export function createReferenceUpstream(options) {
  const operations = operationsOf(options.spec);
  const basePath = options.basePath ?? '/api/v1';
  const keySet = createRemoteJWKSet(new URL(options.jwksUrl ?? `${options.issuer}/.well-known/jwks.json`));
  /** The identities of the calls answered, newest last (for a test to read what arrived). @type {Identity[]} */
  const identities = [];

  /** @param {import('node:http').IncomingMessage} request @returns {Promise<Identity | undefined>} */
  async function identityOf(request) {
    const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(request.headers.authorization ?? '');
    if (match === null) return undefined;
    try {
      const { payload } = await jwtVerify(match[1] ?? '', keySet, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['ES256'],
        maxTokenAge: '60s',
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return /** @type {Identity} */ (/** @type {unknown} */ (payload));
    } catch {
      return undefined;
    }
  }

  /** @param {import('node:http').ServerResponse} response @param {number} status @param {unknown} body @param {string} [etagIn] */
  function send(response, status, body, etagIn) {
    const text = JSON.stringify(body);
    if (status !== 200) return response.writeHead(status, { 'content-type': 'application/json' }).end(text);
    const etag = `"${createHash('sha256').update(text).digest('base64url')}"`;
    const headers = { etag, 'cache-control': 'private, no-cache' };
    if (etagIn === etag) return response.writeHead(304, headers).end();
    return response.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(text);
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream.invalid');
    const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : undefined;
    const found =
      path === undefined || request.method !== 'GET'
        ? undefined
        : operations.map((op) => ({ op, match: op.pattern.exec(path) })).find((candidate) => candidate.match !== null);
    if (found === undefined) return send(response, 404, { status: 404, message: 'Not found.' });
    const identity = await identityOf(request);
    if (identity === undefined) return send(response, 401, { status: 401, message: 'forbidden' });
    const { op, match } = found;
    if (FAMILY_OF_USER_TYPE[/** @type {'SELLER' | 'WAREHOUSE'} */ (identity.user_type)] !== op.family || !identity.scope.split(' ').includes(op.domain)) {
      return send(response, 403, { status: 403, message: `This token has no access to ${op.domain}.` });
    }
    identities.push(identity);
    if (identities.length > 1000) identities.shift();
    const etagIn = request.headers['if-none-match'];
    if (op.mode === 'list') return send(response, 200, listAnswer(op, identity.sub, url.searchParams), etagIn);
    const entity = detailAnswer(op, identity.sub, Number(match?.[1]));
    if (entity === undefined) return send(response, 404, { status: 404, message: `${op.operationId} ${match?.[1]} was not found.` });
    return send(response, 200, entity, etagIn);
  });
  return { server, identities };
}

// As a program.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const specFile = process.env.SPEC ?? fileURLToPath(new URL('../../dist/export/openapi.json', import.meta.url));
  const issuer = process.env.PORTAL_ORIGIN ?? 'http://127.0.0.1:8080';
  const port = Number(process.env.PORT ?? 4020);
  const audience = process.env.AUDIENCE ?? `http://127.0.0.1:${port}`;
  const { server } = createReferenceUpstream({ spec: JSON.parse(readFileSync(specFile, 'utf8')), issuer, audience });
  server.listen(port, '127.0.0.1', () => console.log(`reference provider API on http://127.0.0.1:${port}/api/v1 (identities from ${issuer})`));
}
