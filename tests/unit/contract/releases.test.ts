/**
 * Releases and the breaking-change gate. The first test IS the gate that `npm test` runs: the current
 * public spec against the last kept release (openapi/releases/). The others prove the gate catches what
 * breaks an integrator, and that `npm run release` keeps a version and refuses a breaking one.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleSpecs } from '../../../scripts/generate/bundle.ts';
import { ROOT_DIR } from '../../../scripts/generate/index.ts';
import { release, withInfoVersion } from '../../../scripts/release.ts';
import { compareSpecs } from '../../../scripts/releases/compare.ts';
import { breakingChangeProblems } from '../../../scripts/releases/gate.ts';
import { loadReleases, withoutReleaseMetadata, type Release } from '../../../scripts/releases/releases.ts';
import type { OpenApiDocument } from '../../../src/shared/openapi/openapi-document.ts';
import { PIPELINE_TIMEOUT_MS } from './support/contract.ts';

let current: OpenApiDocument;
let releases: Release[];

beforeAll(async () => {
  ({ publicSpec: current } = await bundleSpecs(ROOT_DIR));
  releases = await loadReleases(ROOT_DIR);
}, PIPELINE_TIMEOUT_MS);

it('gate: the current public spec breaks no integrator of the last release, or has a new major version', () => {
  expect(releases.length).toBeGreaterThan(0);
  const problems = breakingChangeProblems(current, releases);
  expect(problems, `\n${problems}`).toBe('');
});

describe('what counts as breaking', () => {
  const base = () => withoutReleaseMetadata(releases.at(-1)?.spec as OpenApiDocument);
  type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edits deep inside a spec
  const changed = (edit: (doc: Doc) => void) => {
    const doc = structuredClone(base()) as Doc;
    edit(doc);
    return compareSpecs(base(), doc);
  };
  const breaking = (edit: (doc: Doc) => void) => changed(edit).filter((change) => change.breaking);

  it('nothing changed: no change at all', () => {
    expect(compareSpecs(base(), base())).toEqual([]);
  });

  it('a removed operation', () => {
    expect(breaking((doc) => delete doc.paths['/seller/warehouses/{warehouseId}'])).toContainEqual(
      expect.objectContaining({ kind: 'removed', operation: 'GET /seller/warehouses/{warehouseId}', operationId: 'getSellerWarehouse' }),
    );
  });

  it('a removed event is breaking, an added one is not', () => {
    expect(breaking((doc) => delete doc.webhooks['seller.import.status_changed'])).toEqual([
      expect.objectContaining({ kind: 'removed', operation: 'EVENT seller.import.status_changed', operationId: 'sellerImportStatusChanged' }),
    ]);
    const added = changed((doc) => {
      doc.webhooks['seller.warehouse.changed'] = doc.webhooks['seller.import.status_changed'];
    });
    expect(added).toEqual([expect.objectContaining({ kind: 'added', breaking: false, operation: 'EVENT seller.warehouse.changed' })]);
  });

  it('a renamed field (removed under its old name)', () => {
    const changes = breaking((doc) => {
      const properties = doc.components.schemas.Warehouse.properties;
      properties.fullName = properties.name;
      delete properties.name;
    });
    expect(changes.map((change) => change.description)).toContainEqual(expect.stringMatching(/property `name`/));
  });

  it('a removed enum value, also in a response', () => {
    expect(breaking((doc) => doc.components.schemas.Warehouse.properties.scale.enum.pop())).not.toEqual([]);
  });

  it('a new required parameter', () => {
    expect(
      breaking((doc) => doc.paths['/seller/quotations'].get.parameters.push({ name: 'status', in: 'query', required: true, schema: { type: 'string' } })),
    ).toContainEqual(expect.objectContaining({ operation: 'GET /seller/quotations', description: expect.stringMatching(/required query parameter `status`/) }));
  });

  it('a narrowed type: a lower maximum for a parameter, a changed field type', () => {
    expect(breaking((doc) => (doc.components.parameters.size.schema.maximum = 50))).not.toEqual([]);
    expect(breaking((doc) => (doc.components.schemas.Warehouse.properties.email.type = 'integer'))).not.toEqual([]);
  });

  it('not breaking: an added field, an added operation, a deprecation (listed as deprecated)', () => {
    expect(breaking((doc) => (doc.components.schemas.Warehouse.properties.nickname = { type: 'string' }))).toEqual([]);
    expect(breaking((doc) => (doc.paths['/seller/extra'] = { get: { ...doc.paths['/seller/warehouses'].get, operationId: 'listSellerExtra' } }))).toEqual([]);
    const deprecation = changed((doc) => (doc.paths['/seller/quotations'].get.deprecated = true));
    expect(deprecation).toEqual([expect.objectContaining({ kind: 'deprecated', breaking: false, operationId: 'listSellerQuotations' })]);
  });

  it('documentation only: examples, descriptions, tags and tag groups; a new field or parameter is not', () => {
    const onlyDocs = (edit: (doc: Doc) => void) => changed(edit).map((change) => change.documentationOnly);
    expect(onlyDocs((doc) => (doc.paths['/seller/warehouses'].get.description = 'Reworded.'))).toEqual([true]);
    expect(onlyDocs((doc) => (doc.tags[0].description = 'Reworded.'))).toEqual([true]);
    expect(
      onlyDocs((doc) => {
        const response = doc.paths['/seller/warehouses'].get.responses['200'];
        response.content['application/json'].examples = { ...response.content['application/json'].examples, another: { value: {} } };
      }),
    ).toEqual([true]);
    expect(onlyDocs((doc) => (doc.components.schemas.Warehouse.properties.nickname = { type: 'string' })).every((only) => !only)).toBe(true);
    expect(
      onlyDocs((doc) => doc.paths['/seller/quotations'].get.parameters.push({ name: 'status', in: 'query', schema: { type: 'string' } })).every(
        (only) => !only,
      ),
    ).toBe(true);
    // A field that happens to be named "description" is part of the answer.
    expect(onlyDocs((doc) => (doc.components.schemas.Warehouse.properties.description = { type: 'string' })).every((only) => !only)).toBe(true);
  });

  it('documentation edits read as sentences, never as a path into the document', () => {
    const texts = changed((doc) => {
      const response = doc.paths['/seller/warehouses'].get.responses['200'];
      response.content['application/json'].examples = { ...response.content['application/json'].examples, another: { value: {} } };
      doc.tags[0].description = 'Reworded.';
    }).map((change) => change.description);
    expect(texts).toEqual(expect.arrayContaining(['Added example `another` of the 200 response', 'Changed the description of a tag']));
    for (const text of texts) expect(text).not.toMatch(/paths\.|\.get\.|content\.application/);
  });

  it('the gate lists each breaking change on its own line and lets a new major version through', () => {
    const doc = structuredClone(base()) as Doc;
    delete doc.paths['/seller/warehouses/{warehouseId}'];
    doc.info.version = '1.1.0';
    const problems = breakingChangeProblems(doc as OpenApiDocument, releases);
    expect(problems).toMatch(/would break integrators:\n {2}- GET \/seller\/warehouses\/\{warehouseId\}: Removed operation/);
    expect(problems).toContain('npm run release -- 2.0.0');
    doc.info.version = '2.0.0';
    expect(breakingChangeProblems(doc as OpenApiDocument, releases)).toBe('');
    doc.info.version = '0.9.0';
    expect(breakingChangeProblems(doc as OpenApiDocument, releases)).toMatch(/older than the last release/);
  });
});

describe('npm run release', () => {
  it('rewrites only the info.version line', () => {
    const yaml = 'openapi: 3.1.0\ninfo:\n  title: X\n  version: 1.0.0\n  summary: y\nservers: []\n';
    expect(withInfoVersion(yaml, '1.2.3')).toBe(yaml.replace('1.0.0', '1.2.3'));
  });

  it(
    'keeps a dated release, refuses an older version and a breaking change without a new major',
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'release-'));
      try {
        await cp(join(ROOT_DIR, 'openapi'), join(root, 'openapi'), { recursive: true });
        await cp(join(ROOT_DIR, 'redocly.yaml'), join(root, 'redocly.yaml'));
        const last = releases.at(-1)?.version ?? '1.0.0';
        const [major, minor] = last.split('.').map(Number);
        const next = `${major}.${(minor ?? 0) + 1}.0`;

        const file = await release(root, next, '2030-01-02');
        const kept = JSON.parse(await readFile(file, 'utf8')) as { info: Record<string, unknown> };
        expect(kept.info).toEqual(expect.objectContaining({ version: next, 'x-released-at': '2030-01-02' }));
        expect(parse(await readFile(join(root, 'openapi/openapi.yaml'), 'utf8')).info.version).toBe(next);
        await expect(release(root, last, '2030-01-03')).rejects.toThrow(/not newer/);

        // Make `scale` lose an enum value, then try a minor release.
        const schemaFile = join(root, 'openapi/components/schemas/Warehouse.yaml');
        const schema = parse(await readFile(schemaFile, 'utf8'));
        schema.properties.scale.enum.pop();
        await writeFile(schemaFile, stringify(schema));
        const minorAgain = `${major}.${(minor ?? 0) + 2}.0`;
        await expect(release(root, minorAgain, '2030-01-03')).rejects.toThrow(/would break integrators:\n {2}- GET \/seller\/warehouses/);
        expect(parse(await readFile(join(root, 'openapi/openapi.yaml'), 'utf8')).info.version).toBe(next);
        await expect(release(root, `${(major ?? 1) + 1}.0.0`, '2030-01-03')).resolves.toMatch(/\d+\.0\.0\.json$/);
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    },
    PIPELINE_TIMEOUT_MS * 2,
  );
});
