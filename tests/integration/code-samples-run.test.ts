/**
 * Every language's code sample runs as shown against a real server: the generated sample of a list and
 * a detail call, with its origin pointed at the test server and the token in the environment variable
 * it reads. A language whose toolchain this machine lacks is still checked: Go's imports must be exactly
 * the packages the code uses (the only way a correct Go sample fails to compile).
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brand } from '../../src/generated/brand.ts';
import type { ReferencePage } from '../../src/shared/portal-data/reference-page.ts';
import sellerOrders from '../../src/generated/reference/seller-order.json' with { type: 'json' };
import { startTestServer, type TestServer } from './support/test-server.ts';

const page = sellerOrders as ReferencePage;
const operations = ['listSellerReturnOrders', 'getSellerReturnOrder'].map((id) => {
  const operation = page.operations.find((candidate) => candidate.operationId === id);
  if (!operation) throw new Error(`${id} is not on the Seller order page`);
  return operation;
});

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

let server: TestServer;
let token: string;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  const seller = server.client();
  await seller.login('seller@example.com');
  token = await seller.createToken();
  dir = mkdtempSync(join(tmpdir(), 'samples-'));
}, 60_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await server?.close();
});

/** The sample as the page shows it, calling the test server instead of the documented host. */
function sampleFor(operationIndex: number, lang: string): string {
  const sample = operations[operationIndex]?.samples.find((candidate) => candidate.lang === lang);
  if (!sample) throw new Error(`no ${lang} sample`);
  return sample.code.replaceAll(page.sampleOrigin, server.baseUrl);
}

/** Asynchronous: the server answers from this same process, so a blocking call would wait for ever. */
async function run(command: string, args: string[], cwd = dir): Promise<string> {
  const { stdout } = await promisify(execFile)(command, args, {
    cwd,
    env: { ...process.env, [brand.tokenVariable]: token },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return stdout;
}

/** What each sample prints contains the response body: a list page or one return order. */
function expectBody(output: string, operationIndex: number): void {
  expect(output).toContain(operationIndex === 0 ? 'lastPage' : 'returnReason');
  expect(output).not.toContain('forbidden');
}

describe.each([0, 1])('the samples of %s', (operationIndex) => {
  it('curl runs (or, without curl here, is one curl command)', async () => {
    const code = sampleFor(operationIndex, 'curl');
    expect(code).toMatch(/^curl /);
    if (has('curl')) expectBody(await run('sh', ['-c', `${code} --silent`]), operationIndex);
  });

  it('JavaScript runs as an ES module in Node', async () => {
    writeFileSync(join(dir, 'sample.mjs'), sampleFor(operationIndex, 'javascript'));
    expectBody(await run(process.execPath, ['sample.mjs']), operationIndex);
  });

  it('Python runs (or, without python3 and requests here, imports what it uses)', async () => {
    const code = sampleFor(operationIndex, 'python');
    for (const module of ['os', 'requests']) if (code.includes(`${module}.`)) expect(code).toMatch(new RegExp(`^import ${module}$`, 'm'));
    if (has('python3') && spawnSync('python3', ['-c', 'import requests']).status === 0) {
      writeFileSync(join(dir, 'sample.py'), code);
      expectBody(await run('python3', ['sample.py']), operationIndex);
    }
  });

  it('Java compiles and runs (or, without a JDK here, imports every java.net class it uses)', async () => {
    const code = sampleFor(operationIndex, 'java');
    for (const name of new Set(code.match(/\b(URI|HttpClient|HttpRequest|HttpResponse)\b/g)))
      expect(code).toMatch(new RegExp(`^import java\\.net\\.(http\\.)?${name};$`, 'm'));
    if (has('javac') && has('java')) {
      const javaDir = mkdtempSync(join(dir, 'java-'));
      writeFileSync(join(javaDir, 'Main.java'), code);
      await run('javac', ['Main.java'], javaDir);
      expectBody(await run('java', ['-cp', javaDir, 'Main'], javaDir), operationIndex);
    }
  }, 60_000);

  it('Go imports exactly the packages it uses (and compiles and runs where Go is installed)', async () => {
    const code = sampleFor(operationIndex, 'go');
    const imports = [...(/import \(([^)]*)\)/.exec(code)?.[1] ?? '').matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? '');
    // Package references are `name.Exported`; local variables (`req`, `res`, declared with :=) are not packages.
    const locals = new Set([...code.matchAll(/(\w+)(?:, (\w+))? :=/g)].flatMap((match) => [match[1], match[2]]));
    const used = new Set([...code.matchAll(/\b([a-z]+)\.[A-Z]\w*/g)].map((match) => match[1]).filter((name) => !locals.has(name)));
    expect(imports.map((path) => path.split('/').at(-1)).sort()).toEqual([...used].sort());
    if (has('go')) {
      writeFileSync(join(dir, 'main.go'), code);
      expectBody(await run('go', ['run', 'main.go']), operationIndex);
    }
  });
});

it('every Java sample is a whole program with its imports', () => {
  for (const operation of operations) {
    const java = operation.samples.find((sample) => sample.lang === 'java');
    for (const text of [java?.code ?? '', java?.withToken ?? '']) {
      expect(text).toMatch(/^import java\.net\.URI;\nimport java\.net\.http\.HttpClient;/);
      expect(text).toContain('public static void main(String[] args) throws Exception');
    }
  }
});
