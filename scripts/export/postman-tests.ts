/**
 * The test script every request of the Postman collection carries, generated from its operation in the
 * spec: the answer's status is one the operation declares, and a 200 answer's body matches the 200
 * response schema (inlined for the sandbox, see sandbox-schema.ts). Newman and Postman's runner count
 * each `pm.test` as an assertion.
 */
import { isObject, operationIdOf, resolved, type Json, type OperationEntry } from '../../src/shared/openapi/openapi-document.ts';
import { sandboxSchema } from './sandbox-schema.ts';

export interface PostmanEvent {
  listen: 'test' | 'prerequest';
  script: { type: 'text/javascript'; exec: string[] };
}

/** The statuses an operation declares, `4XX` ranges spelled out; undefined when a `default` response allows any. */
function declaredStatuses(entry: OperationEntry): number[] | undefined {
  const keys = Object.keys(isObject(entry.operation.responses) ? entry.operation.responses : {});
  if (keys.includes('default')) return undefined;
  return keys
    .flatMap((key) => {
      const range = /^([1-5])XX$/i.exec(key);
      return range ? Array.from({ length: 100 }, (_, index) => Number(range[1]) * 100 + index) : [Number(key)];
    })
    .sort((a, b) => a - b);
}

/** The JSON schema of the operation's 200 answer, as the spec writes it (with its $refs), if it has one. */
export function okSchemaOf(spec: unknown, entry: OperationEntry): Json | undefined {
  const responses = isObject(entry.operation.responses) ? entry.operation.responses : {};
  const ok = resolved(spec, responses['200']);
  const content = isObject(ok) && isObject(ok.content) ? ok.content : {};
  const json = Object.entries(content).find(([mediaType]) => /^application\/(.+\+)?json\b/.test(mediaType))?.[1];
  return isObject(json) ? json.schema : undefined;
}

export function testEvent(spec: unknown, entry: OperationEntry): PostmanEvent {
  const operationId = operationIdOf(entry);
  const statuses = declaredStatuses(entry);
  const okSchema = okSchemaOf(spec, entry);
  const exec = [
    `// Generated from the OpenAPI spec (operation ${operationId}) by the portal's export: the statuses it declares and its 200 response schema.`,
    statuses === undefined
      ? `pm.test('${operationId}: status is declared (the spec has a default response)', function () { pm.expect(pm.response.code).to.be.within(100, 599); });`
      : `pm.test('${operationId}: status is one the spec declares', function () { pm.expect(pm.response.code).to.be.oneOf(${JSON.stringify(statuses)}); });`,
  ];
  if (okSchema !== undefined) {
    const schema = JSON.stringify(sandboxSchema(spec, okSchema, `${operationId} 200`), null, 2)
      .split('\n')
      .map((line, index, lines) => `  ${index === 0 ? 'const schema = ' : ''}${line}${index === lines.length - 1 ? ';' : ''}`);
    exec.push(
      'if (pm.response.code === 200) {',
      ...schema,
      `  pm.test('${operationId}: 200 body matches the response schema', function () { pm.response.to.have.jsonSchema(schema); });`,
      '}',
    );
  }
  return { listen: 'test', script: { type: 'text/javascript', exec } };
}
