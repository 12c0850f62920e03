/**
 * docs/how-to.md's "A new public operation", followed: the fixture operations
 * (tests/fixtures/contract/new-operations.yaml) are added to a copy of openapi/ by the steps the guide lists,
 * and only by those, then bundled as generate bundles. A step the guide leaves out (the line in openapi.yaml,
 * the fixture entry) is a step this test does not take, so the operation is missing at the end and the test
 * fails. The server's half (repository, handler) is held by the compiler and by
 * tests/integration/any-path-shape.test.ts, which routes the same operations.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { bundleSpecs } from '../../../scripts/generate/bundle.ts';
import { buildCatalogue } from '../../../scripts/generate/catalogue.ts';
import { ROOT_DIR } from '../../../scripts/generate/index.ts';
import { deriveBrand } from '../../../src/shared/brand.ts';
import { listOperations, type JsonObject, type OpenApiDocument } from '../../../src/shared/openapi/openapi-document.ts';
import type { Catalogue } from '../../../src/shared/portal-data/catalogue.ts';
import { PIPELINE_TIMEOUT_MS, publicOperations } from './support/contract.ts';

type FixtureEntry = { operationId: string; path: string };
type Fixture = { paths: Record<string, { get: JsonObject }> };
const fixture = parse(readFileSync('tests/fixtures/contract/new-operations.yaml', 'utf8')) as Fixture;

/** The files the guide's numbered steps name for a new public operation, in its order. */
function stepsOfTheGuide(): string[] {
  const text = readFileSync('docs/how-to.md', 'utf8');
  const start = text.indexOf('## A new public operation');
  const section = text.slice(start, text.indexOf('\n## ', start + 1));
  return [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((match) => match[1] as string);
}

/** `getSellerProductStock` -> `seller-product-stock`: the guide's name for the operation's path file. */
const pathFileOf = (operationId: string) =>
  operationId.replace(/^(get|list)/, '').replace(/[A-Z]/g, (c, at: number) => `${at === 0 ? '' : '-'}${c.toLowerCase()}`);

/** The fixture is written as bundled path items: its `#/components/...` become the files a path file names. */
function asPathFile(operation: JsonObject): string {
  const text = JSON.stringify({ get: operation }).replace(/"#\/components\/(\w+)\/(\w+)"/g, '"../components/$1/$2.yaml"');
  return stringify(JSON.parse(text));
}

/** What each step the guide may name does to the copy; a step no one here knows is the server's (see above). */
const actions: Array<{ file: RegExp; act: (root: string, path: string, operation: JsonObject, entries: FixtureEntry[]) => Promise<void> }> = [
  {
    file: /^openapi\/paths\/[\w-]+\.yaml$/,
    act: (root, _path, operation) => writeFile(join(root, 'openapi/paths', `${pathFileOf(String(operation.operationId))}.yaml`), asPathFile(operation)),
  },
  {
    file: /^openapi\/openapi\.yaml$/,
    act: async (root, path, operation) => {
      const file = join(root, 'openapi/openapi.yaml');
      const text = await readFile(file, 'utf8');
      await writeFile(file, text.replace(/^paths:\n/m, `paths:\n  ${path}:\n    $ref: paths/${pathFileOf(String(operation.operationId))}.yaml\n`));
    },
  },
  {
    file: /^tests\/fixtures\/contract\/public-operations\.json$/,
    act: async (_root, path, operation, entries) => {
      entries.push({ operationId: String(operation.operationId), path });
    },
  },
];

const brand = deriveBrand();
let workDir: string;
let steps: string[];
let publicSpec: OpenApiDocument;
let portalSpec: OpenApiDocument;
let catalogue: Catalogue;
/** The contract fixture's entries the guide's steps added. */
const addedEntries: FixtureEntry[] = [];

beforeAll(async () => {
  steps = stepsOfTheGuide();
  workDir = await mkdtemp(join(tmpdir(), 'how-to-'));
  await cp(join(ROOT_DIR, 'openapi'), join(workDir, 'openapi'), { recursive: true });
  await cp(join(ROOT_DIR, 'redocly.yaml'), join(workDir, 'redocly.yaml'));
  for (const [path, item] of Object.entries(fixture.paths)) {
    for (const step of steps) {
      for (const action of actions.filter((candidate) => candidate.file.test(step))) await action.act(workDir, path, item.get, addedEntries);
    }
  }
  ({ publicSpec, portalSpec } = await bundleSpecs(workDir));
  catalogue = buildCatalogue(publicSpec, brand);
}, PIPELINE_TIMEOUT_MS);
afterAll(() => (workDir ? rm(workDir, { recursive: true, force: true }) : undefined));

describe('docs/how-to.md: a new public operation, by its steps', () => {
  it('names the path file, its line in openapi.yaml, the server files and the contract fixture', () => {
    expect(steps.some((step) => actions[0]!.file.test(step))).toBe(true);
    expect(steps).toContain('openapi/openapi.yaml');
    expect(steps).toContain('tests/fixtures/contract/public-operations.json');
    expect(steps.filter((step) => step.startsWith('src/server/')).length).toBeGreaterThanOrEqual(2);
  });

  it.each(Object.entries(fixture.paths))('adds %s to both bundles, the catalogue and the fixture', (path, item) => {
    const operationId = String(item.get.operationId);
    for (const spec of [publicSpec, portalSpec]) {
      expect(listOperations(spec).map((entry) => `${entry.path} ${String(entry.operation.operationId)}`)).toContain(`${path} ${operationId}`);
    }
    expect(catalogue.operations.find((operation) => operation.operationId === operationId)).toMatchObject({ path, family: 'seller', mode: 'detail' });
    const expected = [
      ...publicOperations.operations.map(({ operationId: id, path: at }) => `${at} ${id}`),
      ...addedEntries.map((entry) => `${entry.path} ${entry.operationId}`),
    ];
    expect(catalogue.operations.map((operation) => `${operation.path} ${operation.operationId}`).sort()).toEqual(expected.sort());
  });

  it('gives the new operations every shared public header and response, written nowhere in their files', () => {
    for (const path of Object.keys(fixture.paths)) {
      const operation = publicSpec.paths[path]?.get as JsonObject;
      expect(Object.keys(operation.responses as JsonObject)).toEqual(['200', '304', '400', '401', '403', '404', '429', '502', '503', '504']);
      const ok = (operation.responses as Record<string, JsonObject>)['200'];
      expect(Object.keys(ok?.headers as JsonObject)).toEqual(['ETag', 'Cache-Control', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
      expect(operation.parameters).toContainEqual({ $ref: '#/components/parameters/ifNoneMatch' });
    }
  });
});
