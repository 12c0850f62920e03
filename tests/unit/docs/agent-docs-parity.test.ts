/**
 * Markdown parity: each operation's Markdown (written by scripts/generate/agent-docs.ts from the page
 * data) states the same facts as the bundled public spec: parameters (name and place), response statuses,
 * and every field path of the 200 body. Also: no token-shaped value in anything generated for assistants.
 * Runs the real generate pipeline into a temp dir.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateContext } from '../../../scripts/generate/context.ts';
import { TOKEN_LIKE } from '../../../src/server/lib/token-scrub.ts';
import { firstTagOf, isInternal, listOperations, listWebhooks, operationIdOf, parametersOf, resolved } from '../../../src/shared/openapi/openapi-document.ts';
import type { AgentDocs } from '../../../src/shared/portal-data/agent-docs.ts';
import { PIPELINE_TIMEOUT_MS, generateIntoTemp, isObject, type JsonObject } from '../contract/support/contract.ts';

let ctx: GenerateContext;
let docs: AgentDocs;
let raw: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  let outDir: string;
  ({ ctx, outDir, cleanup } = await generateIntoTemp());
  raw = readFileSync(join(outDir, 'agent-docs.json'), 'utf8');
  docs = JSON.parse(raw) as AgentDocs;
}, PIPELINE_TIMEOUT_MS);
afterAll(() => cleanup());

/** Every field path of a schema, as `a.b.c` (array items add no segment). */
function specFields(doc: unknown, input: unknown, prefix: string[] = [], depth = 0): string[] {
  const schema = resolved(doc, input);
  if (!isObject(schema) || depth > 8) return [];
  const parts = ['allOf', 'anyOf', 'oneOf'].flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : []));
  const out = parts.flatMap((part) => specFields(doc, part, prefix, depth + 1));
  if (schema.items !== undefined) out.push(...specFields(doc, schema.items, prefix, depth + 1));
  if (isObject(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      const path = [...prefix, name];
      out.push(path.join('.'), ...specFields(doc, child, path, depth + 1));
    }
  }
  return out;
}

/** What an operation's Markdown states. */
function markdownFacts(markdown: string) {
  const section = (from: string, to: RegExp) => {
    const start = markdown.indexOf(from);
    const rest = markdown.slice(start + from.length);
    const end = rest.search(to);
    return end === -1 ? rest : rest.slice(0, end);
  };
  const parameters = [...section('## Parameters', /^## /m).matchAll(/^\| `([^`]+)` \| (\w+) \|/gm)].map((match) => `${match[2]}:${match[1]}`);
  const statuses = [...markdown.matchAll(/^### (\d{3}|default)$/gm)].map((match) => match[1]);
  const fields: string[] = [];
  const stack: string[] = [];
  const ok = section('### 200', /^### /m);
  const body = ok.slice(ok.indexOf('Body fields'));
  for (const match of body.matchAll(/^( *)- `([^`]+)` \(/gm)) {
    const depth = (match[1] ?? '').length / 2;
    stack.length = depth;
    stack.push(match[2] ?? '');
    fields.push(stack.join('.'));
  }
  return { parameters, statuses, fields };
}

describe('each operation’s Markdown states the spec’s facts', () => {
  it('covers every public operation and event that has a page', () => {
    const fromSpec = [...listOperations(ctx.publicSpec), ...listWebhooks(ctx.publicSpec)]
      .filter((entry) => !isInternal(entry) && firstTagOf(entry) !== undefined)
      .map(operationIdOf);
    expect(Object.keys(docs.operations).sort()).toEqual(fromSpec.sort());
  });

  it('has the same parameters, response statuses and 200 body fields', () => {
    const doc = ctx.publicSpec;
    for (const entry of listOperations(doc).filter((candidate) => !isInternal(candidate))) {
      const operationId = operationIdOf(entry);
      const facts = markdownFacts(docs.operations[operationId] ?? '');
      const parameters = parametersOf(doc, entry).map((parameter) => `${String(parameter.in)}:${String(parameter.name)}`);
      expect(facts.parameters.sort(), operationId).toEqual(parameters.sort());
      const responses = (entry.operation.responses ?? {}) as JsonObject;
      expect(facts.statuses, operationId).toEqual(Object.keys(responses));
      const ok = resolved(doc, responses['200']) as JsonObject;
      const schema = ((ok.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.schema;
      expect([...new Set(facts.fields)].sort(), operationId).toEqual([...new Set(specFields(doc, schema))].sort());
    }
  });

  it('quotes the exact error bodies of the spec’s examples', () => {
    const markdown = docs.operations.getSellerReturnOrder ?? '';
    expect(markdown).toContain('```json\n{\n  "status": 401,\n  "message": "forbidden"\n}\n```');
    expect(markdown).toContain('"message": "This token has no access to orders."');
  });
});

describe('each event’s Markdown states the spec’s facts, on its own family’s page', () => {
  /** The fields listed under `## Payload`, as dotted paths. */
  function payloadFields(markdown: string): string[] {
    const start = markdown.indexOf('## Payload');
    const rest = markdown.slice(start);
    const body = rest.slice(rest.indexOf('Fields ('), rest.indexOf('Example payload'));
    const stack: string[] = [];
    return [...body.matchAll(/^( *)- `([^`]+)` \(/gm)].map((match) => {
      stack.length = (match[1] ?? '').length / 2;
      stack.push(match[2] ?? '');
      return stack.join('.');
    });
  }

  it.each(['seller', 'warehouse'])('%s: type, headers, payload fields, answers and a receiver; the other family’s events absent', (family) => {
    const doc = ctx.publicSpec;
    const tags = new Map((doc.tags ?? []).map((tag) => [tag.name, tag]));
    const all = listWebhooks(doc);
    const events = all.filter((entry) => tags.get(firstTagOf(entry) ?? '')?.['x-category'] === family);
    const others = all.filter((entry) => !events.includes(entry));
    expect(events.length).toBeGreaterThan(0);
    const page = docs.pages[`${family}-events`] ?? '';
    for (const entry of events) {
      const operationId = operationIdOf(entry);
      const markdown = docs.operations[operationId] ?? '';
      expect(markdown, operationId).toContain(`\`EVENT ${entry.path}\``);
      expect(markdown).not.toMatch(/^`POST /m);
      const headers = [...markdown.matchAll(/^\| `([^`]+)` \| header \|/gm)].map((match) => match[1]);
      expect(headers).toEqual(parametersOf(doc, entry).map((parameter) => String(parameter.name)));
      const content = (resolved(doc, entry.operation.requestBody) as JsonObject).content as JsonObject;
      const schema = (content['application/json'] as JsonObject).schema;
      expect([...new Set(payloadFields(markdown))].sort(), operationId).toEqual([...new Set(specFields(doc, schema))].sort());
      expect(markdown).toContain('## What your endpoint answers\n\n- `200`: ');
      expect(markdown).toContain("import { Webhook } from 'standardwebhooks';");
      expect(markdown).toContain('from standardwebhooks.webhooks import Webhook');
      expect(page).toContain(`\`EVENT ${entry.path}\``);
      expect(docs.llms).toContain(`/documentation/operations/${operationId}.md): \`EVENT ${entry.path}\``);
      expect(docs.llmsFull).toContain(`\`EVENT ${entry.path}\``);
      expect(docs.eventList).toContainEqual(expect.objectContaining({ kind: 'event', operationId, family, event: entry.path }));
    }
    expect(page).toContain('## How to verify');
    for (const entry of others) expect(page).not.toContain(entry.path);
    // Events are not in the operation list call_operation reads.
    expect(docs.operationList.filter((op) => events.some((entry) => operationIdOf(entry) === op.operationId))).toEqual([]);
  });

  it('gives a simulation with a body its Request body part and a curl sample that POSTs it', () => {
    const withBody = listOperations(ctx.publicSpec).filter((entry) => entry.method === 'post' && entry.operation.requestBody !== undefined);
    expect(withBody.length).toBeGreaterThan(0);
    for (const entry of withBody) {
      const markdown = docs.operations[operationIdOf(entry)] ?? '';
      expect(markdown).toMatch(/^`POST https?:\/\//m);
      expect(markdown).toContain('## Request body');
      expect(markdown).toContain('--request POST');
      expect(markdown).toContain('--data ');
    }
  });
});

it('holds no token-shaped value anywhere', () => {
  expect(raw.match(TOKEN_LIKE)).toBeNull();
  expect(raw).toContain('$ACME_API_TOKEN');
});
