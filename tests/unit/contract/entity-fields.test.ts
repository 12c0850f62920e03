/** Every entity and field, spelled as the fixture tests/fixtures/contract/entity-fields.json has them, with its type. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../src/shared/openapi/openapi-document.ts';
import { PIPELINE_TIMEOUT_MS, bundledSpecs, entityFields, isObject, schemaProperties, schemaRequired } from './support/contract.ts';

let portalSpec: OpenApiDocument;

beforeAll(async () => {
  ({ portalSpec } = await bundledSpecs());
}, PIPELINE_TIMEOUT_MS);

function schema(name: string): unknown {
  const schemas = (portalSpec.components as { schemas?: Record<string, unknown> }).schemas ?? {};
  const found = schemas[name];
  if (!found) throw new Error(`schema ${name} is missing`);
  return found;
}

describe.each(Object.entries(entityFields.schemas))('schema %s', (name, fields) => {
  it('has exactly the fixture fields, all required', () => {
    const properties = schemaProperties(portalSpec, { $ref: `#/components/schemas/${name}` });
    expect(Object.keys(properties).sort()).toEqual([...fields].sort());
    expect(schemaRequired(portalSpec, schema(name)).sort()).toEqual([...fields].sort());
  });
});

describe('field types', () => {
  it.each(Object.entries(entityFields.types))('%s', (key, expected) => {
    const [name = '', field = ''] = key.split('.');
    const properties = schemaProperties(portalSpec, { $ref: `#/components/schemas/${name}` });
    expect(properties[field]).toMatchObject(expected);
  });

  it('gives every id an integer type and every *Date/*Dt field the date-time format', () => {
    for (const name of Object.keys(entityFields.schemas)) {
      const properties = schemaProperties(portalSpec, { $ref: `#/components/schemas/${name}` });
      for (const [field, property] of Object.entries(properties)) {
        if (!isObject(property)) continue;
        if (field === 'id') expect(property, `${name}.${field}`).toMatchObject({ type: 'integer', minimum: 1 });
        if (/(Date|Dt|Etd|Eta)$/.test(field)) expect(property, `${name}.${field}`).toMatchObject({ format: 'date-time' });
      }
    }
  });

  it('keeps warehouseStatus out of the normal order list row', () => {
    expect(Object.keys(schemaProperties(portalSpec, { $ref: '#/components/schemas/NormalOrder' }))).not.toContain('warehouseStatus');
    expect(Object.keys(schemaProperties(portalSpec, { $ref: '#/components/schemas/NormalOrderDetail' }))).toContain('warehouseStatus');
  });
});
