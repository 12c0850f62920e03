/**
 * A large spec for performance checks: the public spec's operations copied under new paths until there
 * are N of them (default 500). By default each copy gets its own tags (one more page per tag and copy,
 * as a big API would have); with `sameTags` the copies join the original tags, making a few very long
 * pages (the worst case for one page's rendering).
 *
 *   npx tsx scripts/generate/reference/replicate-spec.ts --spec src/generated/openapi.public.json \
 *     --out /tmp/openapi-500.json [--operations 500] [--same-tags]
 * then: npx tsx scripts/generate/reference-pages.ts --spec /tmp/openapi-500.json --out DIR
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isObject, type Json, type JsonObject } from './schema-tree.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function replicateSpec(spec: JsonObject, operations = 500, sameTags = false): JsonObject {
  const paths = isObject(spec.paths) ? spec.paths : {};
  const originals: { path: string; method: string; operation: JsonObject; item: JsonObject }[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (isObject(operation) && operation['x-internal'] !== true) originals.push({ path, method, operation, item });
    }
  }
  if (originals.length === 0) throw new Error('The spec has no public operations to replicate');

  const tags = (Array.isArray(spec.tags) ? spec.tags : []).filter(isObject);
  const groups = (Array.isArray(spec['x-tagGroups']) ? spec['x-tagGroups'] : []).filter(isObject).map((group) => ({ ...group, tags: [...(Array.isArray(group.tags) ? group.tags : [])] }));
  const newPaths: JsonObject = { ...paths };
  const newTags: Json[] = [...tags];
  let count = originals.length;
  for (let copy = 2; count < operations; copy++) {
    const renamed = new Map<string, string>();
    for (const { path, method, operation, item } of originals) {
      if (count >= operations) break;
      const tag = Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : 'untagged';
      let copyTag = tag;
      if (!sameTags) {
        copyTag = renamed.get(tag) ?? `${tag} ${copy}`;
        if (!renamed.has(tag)) {
          renamed.set(tag, copyTag);
          const original = tags.find((t) => t.name === tag);
          if (original) {
            newTags.push({ ...original, name: copyTag, 'x-subcategory': `${String(original['x-subcategory'])}-${copy}` });
            groups.find((group) => group.tags.includes(tag))?.tags.push(copyTag);
          }
        }
      }
      // `/seller/orders/normal` -> `/seller/orders-copy2/normal`: still a seller path, a new domain.
      const copyPath = path.replace(/^(\/[^/]+\/[^/]+)/, `$1-copy${copy}`);
      const target = isObject(newPaths[copyPath]) ? newPaths[copyPath] : { ...(item.parameters ? { parameters: item.parameters } : {}) };
      target[method] = { ...operation, operationId: `${String(operation.operationId)}Copy${copy}`, tags: [copyTag] };
      newPaths[copyPath] = target;
      count++;
    }
  }
  return { ...spec, paths: newPaths, tags: newTags, 'x-tagGroups': groups };
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const spec = JSON.parse(readFileSync(argument('--spec') ?? 'src/generated/openapi.public.json', 'utf8')) as JsonObject;
  const out = argument('--out') ?? 'openapi-replicated.json';
  const replicated = replicateSpec(spec, Number(argument('--operations') ?? 500), process.argv.includes('--same-tags'));
  writeFileSync(out, JSON.stringify(replicated));
  console.log(`replicated spec: ${out}`);
}
