/**
 * The exported Postman collection of the whole API, run by Newman (Postman's own runner, its sandbox and
 * assertions) against a real server with the environment file filled in as a user does: a seller token
 * and a warehouse token, each folder sending its family's. Every request passes the test script generated
 * from the spec; a server that breaks one response's schema makes exactly that assertion fail; and a run
 * with a token the server refuses (deleted, or no token at all) fails every request, as an integrator's CI
 * with an expired token must.
 * The sandbox's simulations (POSTs) are left out of these runs: they change the sandbox data the reads
 * return and answer by its state (a second run finds an order already shipped), so a run's outcome would
 * depend on what ran before; the export puts them last in the collection (tests/unit/contract/export.test.ts)
 * and their answers are tested with their handlers.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brand } from '../../src/generated/brand.ts';
import type { OperationHandler } from '../../src/server/spec/operation-handler.ts';
import { API_FAMILIES, FAMILY, tokenVariableOf, type ApiFamily } from '../../src/shared/api-family.ts';
import { HTTP_METHODS, isObject, listOperations, type OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';
import { exampleRequests } from '../../scripts/export/example-requests.ts';
import { familySpec } from '../../scripts/export/family-spec.ts';
import { postmanCollection, postmanEnvironment } from '../../scripts/export/postman.ts';
import { startTestServer, type StartOptions, type TestServer } from './support/test-server.ts';
import contract from '../fixtures/contract/public-operations.json';

const require = createRequire(import.meta.url);
const newmanBin = join(dirname(require.resolve('newman/package.json')), 'bin', 'newman.js');
/** Newman's own limits, below the child process's and the test's, so a hung request fails with a report. */
const NEWMAN_TIMEOUT_MS = 90_000;

let dir: string;
let publicSpec: OpenApiDocument;
let collectionFile: string;
const servers: TestServer[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postman-newman-'));
  publicSpec = JSON.parse(await readFile('src/generated/openapi.public.json', 'utf8')) as OpenApiDocument;
  collectionFile = join(dir, 'collection.json');
  const collection = await postmanCollection(readsOnly(familySpec(publicSpec, 'all')), brand, 'https://api.example/api/v1');
  await writeFile(collectionFile, JSON.stringify(collection));
});
afterAll(async () => {
  for (const server of servers) await server.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The spec without the operations that change data (the sandbox's simulations): see the file's comment. */
function readsOnly(spec: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(spec);
  for (const [path, item] of Object.entries(copy.paths)) {
    for (const method of HTTP_METHODS) if (method !== 'get' && isObject(item[method])) delete item[method];
    if (!HTTP_METHODS.some((method) => isObject(item[method]))) delete copy.paths[path];
  }
  return copy;
}

/** The requests a run sends: every GET of the spec. */
const readCount = () => listOperations(publicSpec).filter((entry) => entry.method === 'get').length;

/** The parts of Newman's run summary (its JSON reporter) the tests read. */
interface NewmanSummary {
  run: {
    stats: { requests: { total: number; failed: number }; assertions: { total: number; failed: number } };
    failures: Array<{ error: { test?: string; message: string }; source?: { name?: string } }>;
    executions: Array<{
      item: { name: string };
      request: { url: { path: string[] } };
      response?: { code: number };
      assertions?: Array<{ assertion: string; error?: { message: string } }>;
    }>;
  };
}

/** A server with demo data and a token of each family, made through the portal as a user makes them. */
async function serverWithTokens(options: StartOptions = {}): Promise<{ server: TestServer; tokens: Record<ApiFamily, string> }> {
  const server = await startTestServer(options);
  servers.push(server);
  const tokens = {} as Record<ApiFamily, string>;
  for (const family of API_FAMILIES) {
    const client = server.client();
    await client.login(`${family}@example.com`, FAMILY[family].userType);
    tokens[family] = await client.createToken(`Newman ${family}`);
  }
  return { server, tokens };
}

/** The exported environment with the user's values filled in: the server's base URL and both tokens. */
async function environmentFile(name: string, server: TestServer, tokens: Record<ApiFamily, string>): Promise<string> {
  const environment = postmanEnvironment('Newman', brand, 'https://api.example/api/v1', API_FAMILIES);
  const filled: Record<string, string> = { baseUrl: `${server.baseUrl}/api/v1` };
  for (const family of API_FAMILIES) filled[tokenVariableOf(brand.name, family)] = tokens[family];
  const values = environment.values.map((value) => ({ ...value, value: filled[value.key] ?? value.value }));
  const file = join(dir, `${name}.environment.json`);
  await writeFile(file, JSON.stringify({ ...environment, values }));
  return file;
}

function runNewman(environment: string, name: string): Promise<NewmanSummary> {
  const report = join(dir, `${name}.report.json`);
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      // prettier-ignore
      [
        newmanBin, 'run', collectionFile, '--environment', environment,
        '--reporters', 'json', '--reporter-json-export', report,
        '--timeout', String(NEWMAN_TIMEOUT_MS), '--timeout-request', '10000', '--timeout-script', '10000',
        '--color', 'off', '--disable-unicode',
      ],
      // Newman exits 1 when an assertion fails: the report says which.
      { cwd: dir, timeout: NEWMAN_TIMEOUT_MS + 15_000, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        readFile(report, 'utf8')
          .then((text) => resolve(JSON.parse(text) as NewmanSummary))
          .catch(() => reject(new Error(`newman wrote no report (${error?.message ?? 'no error'}):\n${stdout}\n${stderr}`)));
      },
    );
  });
}

const failuresOf = (summary: NewmanSummary) =>
  summary.run.failures.map((failure) => `${failure.source?.name ?? '?'}: ${failure.error.test ?? ''} ${failure.error.message}`);

describe('the exported Postman collection, run by Newman', () => {
  it('passes every request and every generated assertion with a seller and a warehouse token', async () => {
    const { server, tokens } = await serverWithTokens();
    const summary = await runNewman(await environmentFile('green', server, tokens), 'green');
    const { requests, assertions } = summary.run.stats;

    expect(failuresOf(summary)).toEqual([]);
    expect(requests.total).toBe(readCount());
    // The reads: the simulations are left out of the run (see readCount).
    expect(requests.total).toBe(contract.operations.filter((operation) => operation.mode !== 'simulation').length);
    expect(requests.failed).toBe(0);
    expect(assertions.failed).toBe(0);
    // Each request asserts that it succeeded and that its status is declared; each 200 also its body's schema.
    const oks = summary.run.executions.filter((execution) => execution.response?.code === 200);
    expect(oks).toHaveLength(requests.total);
    expect(assertions.total).toBe(2 * requests.total + oks.length);
    // Each folder sent its own family's token: no 401 or 403; the example ids exist in the demo data, and
    // every list call answers with data.
    const lists = new Set(
      exampleRequests(publicSpec)
        .filter((request) => request.query.length > 0)
        .map((request) => request.path),
    );
    const listed = summary.run.executions.filter((execution) => lists.has(`/${execution.request.url.path.slice(2).join('/')}`));
    expect(listed).toHaveLength(lists.size);
    for (const execution of summary.run.executions) expect(execution.response?.code, execution.item.name).toBe(200);
    for (const execution of listed) expect(execution.response?.code, execution.item.name).toBe(200);
  }, 180_000);

  it('fails every request when the token is refused: a deleted seller token and a warehouse token never issued', async () => {
    const { server, tokens } = await serverWithTokens();
    const seller = server.client();
    await seller.login(`seller@example.com`, FAMILY.seller.userType);
    expect((await seller.delete(`/api/auth/token/${tokens.seller}`)).status).toBe(204);
    const refused = { ...tokens, warehouse: `${brand.tokenPrefix}_w_sandbox_${'A'.repeat(28)}` };
    const summary = await runNewman(await environmentFile('refused', server, refused), 'refused');
    const { requests, assertions } = summary.run.stats;

    expect(requests.total).toBe(readCount());
    for (const execution of summary.run.executions) expect(execution.response?.code, execution.item.name).toBe(401);
    // Exactly the success test of every request fails: a 401 is a declared status, and no 200 body is checked.
    expect(assertions.total).toBe(2 * requests.total);
    expect(assertions.failed).toBe(requests.total);
    const failedTests = summary.run.failures.map((failure) => failure.error.test ?? '');
    expect(failedTests).toHaveLength(requests.total);
    for (const test of failedTests) expect(test).toMatch(/^\w+: answers 200$/);
  }, 180_000);

  it('fails the schema assertion of a response the server breaks, and only that one', async () => {
    // The page number as a string: a wrong type for the spec's WarehouseList.page.
    const brokenHandler: OperationHandler = {
      async handle(_request, reply) {
        return reply.send({ page: '0', size: 10, lastPage: 0, data: [] });
      },
    };
    const { server, tokens } = await serverWithTokens({ handlers: (defaults) => ({ ...defaults, listSellerWarehouses: brokenHandler }) });
    const summary = await runNewman(await environmentFile('broken', server, tokens), 'broken');
    const { requests, assertions } = summary.run.stats;

    expect(requests.total).toBe(readCount());
    expect(requests.failed).toBe(0);
    expect(assertions.total).toBeGreaterThan(0);
    expect(assertions.failed).toBe(1);
    expect(summary.run.failures).toHaveLength(1);
    const [failure] = summary.run.failures;
    expect(failure?.error.test).toBe('listSellerWarehouses: 200 body matches the response schema');
    expect(failure?.error.message).toMatch(/page.*integer/);
  }, 180_000);
});
