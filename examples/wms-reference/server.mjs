// @ts-check
/**
 * A reference warehouse system (WMS) for the developer portal's AUTH_PROVIDER=wms: the two calls of
 * openapi/provider/provider-integration.yaml, in plain Node with the `standardwebhooks` package.
 *
 *   POST /portal/password-check      {email, password, userType} -> 200 {subject, email, userTypes},
 *                                    401 wrong password or unknown email, 423 closed account
 *   GET  /portal/accounts/{subject}  -> 200 {subject, email, userTypes, open: true} or {subject, open: false},
 *                                    404 unknown subject
 *
 * Every request must carry a valid Standard Webhooks signature made with the shared secret (the portal's
 * WMS_AUTH_SECRET, its UTF-8 bytes as the HMAC key) and a timestamp within 5 minutes; otherwise 400.
 * Accounts come from a JSON file (accounts.json beside this file shows the shape); passwords are stored
 * as scrypt hashes (`node server.mjs --hash-password 'the password'` prints one).
 *
 * Run it:  WMS_AUTH_SECRET=... PORT=4010 node examples/wms-reference/server.mjs [accounts.json]
 * The portal: AUTH_PROVIDER=wms WMS_AUTH_URL=http://127.0.0.1:4010/portal/password-check WMS_AUTH_SECRET=...
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';

/**
 * @typedef {'SELLER' | 'WAREHOUSE'} UserType
 * @typedef {{ subject: string, email: string, passwordHash: string, userTypes: UserType[], open: boolean }} Account
 */

const scryptAsync = /** @type {(password: string, salt: Buffer, length: number) => Promise<Buffer>} */ (promisify(scrypt));
const USER_TYPES = ['SELLER', 'WAREHOUSE'];
const MAX_BODY_BYTES = 64 * 1024;

/** `scrypt$<salt>$<hash>`, both base64. @param {string} password */
export async function hashPassword(password) {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** @param {string} password @param {string} stored */
async function passwordMatches(password, stored) {
  const [scheme, salt = '', hash = ''] = stored.split('$');
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length || 32);
  return scheme === 'scrypt' && expected.length > 0 && timingSafeEqual(actual, expected);
}

/** An unknown email costs a hash check too, so timing does not tell which emails exist. */
const NO_ACCOUNT_HASH = `scrypt$${randomBytes(16).toString('base64')}$${randomBytes(32).toString('base64')}`;

/** @param {import('node:http').ServerResponse} response @param {number} status @param {unknown} body */
function answer(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
/** @param {import('node:http').ServerResponse} response @param {number} status @param {string} message */
const refuse = (response, status, message) => answer(response, status, { status, message });

/** @param {import('node:http').IncomingMessage} request @returns {Promise<string>} */
async function readBody(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The WMS as an HTTP server (not listening yet). `accounts` is the live list: a test or an admin screen
 * changes an account in it and the next answer says so.
 * @param {{ secret: string, accounts: Account[] }} options
 */
export function createReferenceWms({ secret, accounts }) {
  // The portal's key: the secret's UTF-8 bytes, as they are. (In a library that takes `whsec_…`:
  // `whsec_` + base64 of those bytes.)
  const webhook = new Webhook(new TextEncoder().encode(secret), { format: 'raw' });

  /** @param {string} body @param {import('node:http').IncomingHttpHeaders} headers */
  const signedRight = (body, headers) => {
    try {
      webhook.verify(body, /** @type {Record<string, string>} */ (headers), { jsonParse: false });
      return true;
    } catch {
      return false;
    }
  };

  /** @param {string} body @param {import('node:http').ServerResponse} response */
  async function checkPassword(body, response) {
    /** @type {{ email?: unknown, password?: unknown, userType?: unknown }} */
    let input;
    try {
      input = JSON.parse(body);
    } catch {
      return refuse(response, 400, 'The body is not JSON.');
    }
    if (typeof input?.email !== 'string' || typeof input.password !== 'string' || !USER_TYPES.includes(/** @type {string} */ (input.userType))) {
      return refuse(response, 400, 'email, password and userType are required.');
    }
    const email = input.email.toLowerCase();
    const account = accounts.find((candidate) => candidate.email.toLowerCase() === email);
    const matches = await passwordMatches(input.password, account?.passwordHash ?? NO_ACCOUNT_HASH);
    if (account === undefined || !matches) return refuse(response, 401, 'Wrong email or password.');
    // Only a right password learns that the account is closed.
    if (!account.open) return refuse(response, 423, 'The account is closed.');
    // Whatever type was asked for: the portal refuses a type the account does not hold.
    return answer(response, 200, { subject: account.subject, email: account.email, userTypes: account.userTypes });
  }

  /** @param {string} subject @param {import('node:http').ServerResponse} response */
  function lookUp(subject, response) {
    const account = accounts.find((candidate) => candidate.subject === subject);
    if (account === undefined) return refuse(response, 404, 'No such account.');
    if (!account.open) return answer(response, 200, { subject, open: false });
    return answer(response, 200, { subject, email: account.email, userTypes: account.userTypes, open: true });
  }

  return createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://wms.invalid');
      const body = await readBody(request);
      // Signature first: nothing unsigned is read, not even to say that a path does not exist.
      if (!signedRight(body, request.headers)) return refuse(response, 400, "The request's signature could not be verified.");
      if (request.method === 'POST' && url.pathname === '/portal/password-check') return await checkPassword(body, response);
      const lookup = /^\/portal\/accounts\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && lookup?.[1] !== undefined) return lookUp(decodeURIComponent(lookup[1]), response);
      return refuse(response, 404, 'Not found.');
    } catch {
      return refuse(response, 400, 'The request could not be read.');
    }
  });
}

/** @param {string} file @returns {Account[]} */
export function loadAccounts(file) {
  return JSON.parse(readFileSync(file, 'utf8')).accounts;
}

// As a program: the server, or a password hash for accounts.json.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === '--hash-password') {
    console.log(await hashPassword(args[1] ?? ''));
  } else {
    const secret = process.env.WMS_AUTH_SECRET ?? '';
    if (secret.length < 32) throw new Error('Set WMS_AUTH_SECRET (at least 32 characters, the same as the portal)');
    const accounts = loadAccounts(args[0] ?? fileURLToPath(new URL('accounts.json', import.meta.url)));
    const port = Number(process.env.PORT ?? 4010);
    createReferenceWms({ secret, accounts }).listen(port, '127.0.0.1', () => console.log(`reference WMS on http://127.0.0.1:${port}/portal/password-check`));
  }
}
