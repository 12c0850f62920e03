/**
 * The exported `.http` files, run by httpyac (the CLI of the REST Client format) against a real server:
 * every request of the seller and warehouse files, with the token passed as the family's variable the file names,
 * is well-formed, authenticated and answered by the spec's operation. A sandbox simulation (POST) answers by
 * the sandbox's state (done, already at its end, no such id), so for it well-formed means: not refused for
 * its URL, token, method or body.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { brand } from '../../src/generated/brand.ts';
import { API_FAMILIES, FAMILY, tokenVariableOf } from '../../src/shared/api-family.ts';
import type { OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';
import { exampleRequests, type ExampleRequest } from '../../scripts/export/example-requests.ts';
import { familySpec } from '../../scripts/export/family-spec.ts';
import { httpFile } from '../../scripts/export/http-file.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const require = createRequire(import.meta.url);
const httpyacBin = join(dirname(require.resolve('httpyac/package.json')), 'bin', 'httpyac.js');

/** What a simulation request must not get: its URL, token, method or body refused. */
const REFUSALS = [400, 401, 403, 405, 415];

/** Reads answer 200 or 404 (the example ids may not exist); a simulation anything but a refusal. */
function expectAnswered(requests: readonly ExampleRequest[], name: string, status: number, detail = name): void {
  const method = requests.find((request) => request.operationId === name)?.method;
  if (method === 'GET') expect([200, 404], detail).toContain(status);
  else expect(REFUSALS, detail).not.toContain(status);
}

let server: TestServer;
let dir: string;
let publicSpec: OpenApiDocument;

beforeAll(async () => {
  server = await startTestServer();
  dir = await mkdtemp(join(tmpdir(), 'http-file-'));
  publicSpec = JSON.parse(await readFile('src/generated/openapi.public.json', 'utf8')) as OpenApiDocument;
});
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface HttpyacResult {
  summary: { totalRequests: number; successRequests: number; failedRequests: number };
  requests: Array<{ name: string; response: { statusCode: number; body?: unknown } }>;
}

/**
 * `tokens`: the token of each variable the file names. httpyac's CLI calls process.exit() right after printing,
 * which cuts a large answer written to a pipe short (seen on Node 24 with the whole API's file); writes to a
 * file are synchronous, so its JSON goes to one.
 */
async function runHttpyac(file: string, tokens: Record<string, string>): Promise<HttpyacResult> {
  const output = join(dir, 'httpyac-output.json');
  const stdout = await open(output, 'w');
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [httpyacBin, 'send', file, '--all', '--json', ...Object.entries(tokens).flatMap(([name, token]) => ['--var', `${name}=${token}`])],
      { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', stdout.fd, 'pipe'] },
    );
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ code: exitCode, stderr: errors }));
  }).finally(() => stdout.close());
  const text = await readFile(output, 'utf8');
  try {
    return JSON.parse(text) as HttpyacResult;
  } catch {
    throw new Error(`httpyac failed (exit ${code}, no JSON):\n${text}\n${stderr}`);
  }
}

for (const family of ['seller', 'warehouse'] as const) {
  it(`runs every request of the ${family} .http file with a ${family} token`, async () => {
    const spec = familySpec(publicSpec, family);
    const requests = exampleRequests(spec);
    const text = httpFile(`${brand.name} ${family} API`, requests, brand, 'https://api.example/api/v1');
    // What a user does: point baseUrl at their server; the token comes from outside the file.
    const file = join(dir, `${family}.http`);
    await writeFile(file, text.replace(/^@baseUrl = .*$/m, `@baseUrl = ${server.baseUrl}/api/v1`));
    const variable = tokenVariableOf(brand.name, family);
    expect(text).toContain(`{{${variable}}}`);

    const client = server.client();
    await client.login(`${family}@example.com`, family === 'seller' ? 'SELLER' : 'WAREHOUSE');
    const token = await client.createToken(`.http ${family}`);
    expect(text).not.toContain(token);
    const result = await runHttpyac(file, { [variable]: token });

    expect(result.requests.map((request) => request.name)).toEqual(requests.map((request) => request.operationId));
    for (const request of result.requests) {
      // The example ids may or may not exist in the demo data; a 404 still proves path, auth and routing.
      expectAnswered(requests, request.name, request.response.statusCode, `${request.name}: ${JSON.stringify(request.response.body)}`);
    }
    // Every list call (no path parameter) answers with data.
    const lists = result.requests.filter((request) => requests.find((r) => r.operationId === request.name)?.query.length);
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) expect(list.response.statusCode, list.name).toBe(200);
  });
}

it("runs every request of the whole API's .http file, each with its family's token", async () => {
  const requests = exampleRequests(publicSpec);
  const file = join(dir, 'all.http');
  await writeFile(file, httpFile(`${brand.name} API`, requests, brand, `${server.baseUrl}/api/v1`));
  const tokens: Record<string, string> = {};
  for (const family of API_FAMILIES) {
    const client = server.client();
    await client.login(`${family}@example.com`, FAMILY[family].userType);
    tokens[tokenVariableOf(brand.name, family)] = await client.createToken(`.http all ${family}`);
  }
  const result = await runHttpyac(file, tokens);
  expect(result.requests.map((request) => request.name)).toEqual(requests.map((request) => request.operationId));
  for (const request of result.requests) expectAnswered(requests, request.name, request.response.statusCode);
});

it('a token the server does not know gets 401 through the same file', async () => {
  const requests = exampleRequests(familySpec(publicSpec, 'seller')).slice(0, 1);
  const file = join(dir, 'no-token.http');
  await writeFile(file, httpFile('x', requests, brand, `${server.baseUrl}/api/v1`));
  const result = await runHttpyac(file, { [tokenVariableOf(brand.name, 'seller')]: 'acme_s_not-a-real-token' });
  expect(result.requests[0]?.response.statusCode).toBe(401);
});
