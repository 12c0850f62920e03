/**
 * The API tester's Table view and CSV take their columns from the spec: fields added to the bundled
 * schemas (tests/fixtures/contract/new-response-fields.yaml) become columns, in the spec's place, in
 * src/generated/response-fields.ts's data and in the CSV, with no code change.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildCatalogue } from '../../../scripts/generate/catalogue.ts';
import { buildResponseFields } from '../../../scripts/generate/response-fields.ts';
import { deriveBrand } from '../../../src/shared/brand.ts';
import type { JsonObject, OpenApiDocument } from '../../../src/shared/openapi/openapi-document.ts';
import type { ResponseShapes } from '../../../src/shared/portal-data/response-fields.ts';
import { toCsv } from '../../../src/web/features/api-tester/lib/csv.ts';
import { columnsOf, rowsOf } from '../../../src/web/features/api-tester/lib/table-columns.ts';
import { PIPELINE_TIMEOUT_MS, bundledSpecs } from './support/contract.ts';

type Addition = { after: string; name: string; schema: JsonObject };
const additions = parse(readFileSync('tests/fixtures/contract/new-response-fields.yaml', 'utf8')) as Record<string, Addition>;

/** The schema's properties with `name` inserted right after `after`. */
function withField(schema: JsonObject, { after, name, schema: field }: Addition): JsonObject {
  const entries = Object.entries(schema.properties as JsonObject);
  const at = entries.findIndex(([key]) => key === after) + 1;
  return { ...schema, properties: Object.fromEntries([...entries.slice(0, at), [name, field], ...entries.slice(at)]) };
}

let before: ResponseShapes;
let after: ResponseShapes;

beforeAll(async () => {
  const { publicSpec } = await bundledSpecs();
  const brand = deriveBrand();
  before = buildResponseFields(publicSpec, buildCatalogue(publicSpec, brand));
  const schemas = { ...(publicSpec.components?.schemas as Record<string, JsonObject>) };
  for (const [schemaName, addition] of Object.entries(additions)) schemas[schemaName] = withField(schemas[schemaName] as JsonObject, addition);
  const changed: OpenApiDocument = { ...publicSpec, components: { ...publicSpec.components, schemas } };
  after = buildResponseFields(changed, buildCatalogue(changed, brand));
}, PIPELINE_TIMEOUT_MS);

const keys = (shapes: ResponseShapes, operationId: string) => columnsOf(shapes[operationId]?.fields ?? []).map((column) => column.key);

describe('columns from the spec', () => {
  it('has a shape for every public operation: lists by their data items, details by their body', () => {
    expect(before.listSellerNormalOrders?.rows).toBe('list');
    expect(before.getSellerNormalOrder?.rows).toBe('detail');
    expect(keys(before, 'getSellerNormalOrder')).toContain('warehouseStatus');
    expect(keys(before, 'listSellerNormalOrders')).not.toContain('warehouseStatus');
  });

  it('places a new order field where the spec puts it, in the list and the detail', () => {
    expect(keys(before, 'listSellerNormalOrders')).not.toContain('deliveryWindow');
    for (const operationId of ['listSellerNormalOrders', 'getSellerNormalOrder', 'listWarehouseNormalOrders']) {
      const columns = keys(after, operationId);
      expect(columns[columns.indexOf('courier') + 1], operationId).toBe('deliveryWindow');
    }
  });

  it('adds a new nested field as a dotted column', () => {
    const columns = keys(after, 'listWarehouseInventory');
    expect(columns[columns.indexOf('inventory.location') + 1]).toBe('inventory.zone');
    expect(keys(after, 'getSellerProduct')).toContain('inventory.zone');
  });

  it('writes the new fields into the CSV header and rows', () => {
    const shape = after.listWarehouseInventory;
    if (!shape) throw new Error('no shape');
    const columns = columnsOf(shape.fields);
    const body = { page: 0, size: 10, lastPage: 0, data: [{ id: 1, productName: 'Mug', inventory: { location: 'A-01', zone: 'Cold store' } }] };
    const [header, row] = toCsv(columns, rowsOf(shape, body)).slice(1).split('\r\n');
    const zone = header?.split(',').indexOf('inventory.zone') ?? -1;
    expect(zone).toBeGreaterThan(0);
    expect(row?.split(',')[zone]).toBe('Cold store');
  });
});
