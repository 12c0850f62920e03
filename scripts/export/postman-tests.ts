/**
 * The test script every request of the Postman collection carries, generated from its operation in the
 * spec: the example call succeeds (200, so a run with an expired or wrong token, or against a server that
 * fails, is red: a declared 401 or 5xx is still a failed call), the answer's status is one the operation
 * declares, and a 200 answer's body matches the 200 response schema (inlined for the sandbox, see
 * sandbox-schema.ts). Newman and Postman's runner count each `pm.test` as an assertion.
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

/** The status the example call succeeds with: the operation's first 2xx (200 for every operation today). */
function successStatus(entry: OperationEntry): number {
  const keys = Object.keys(isObject(entry.operation.responses) ? entry.operation.responses : {});
  const success = keys.map(Number).filter((status) => status >= 200 && status < 300);
  return success.length === 0 ? 200 : Math.min(...success);
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
  const success = successStatus(entry);
  const exec = [
    `// Generated from the OpenAPI spec (operation ${operationId}) by the portal's export: the call succeeds, its status is declared, its 200 body matches the schema.`,
    `pm.test('${operationId}: answers ${success}', function () { pm.response.to.have.status(${success}); });`,
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
