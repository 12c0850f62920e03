/**
 * The 500-operation spec: the real public spec's operations replicated under new paths and tags
 * until there are exactly `target` operations. The originals stay, so the real page
 * (/documentation?category=seller&subcategory=order) still exists in the large build.
 *
 * Copy k of `/seller/orders/normal` is `/seller/orders-k/normal` with x-domain `orders-k`, operationId
 * `listSellerNormalOrdersCopyk`, tag `Seller order k` with x-subcategory `order-k`, listed in the same
 * x-tagGroups group as its original.
 *
 * CLI: npx tsx bench/large-spec.ts IN.json OUT.json [target=500]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { HTTP_METHODS } from '../src/shared/openapi/openapi-document.ts';

type Json = Record<string, unknown>;
interface Tag extends Json {
  name: string;
}
interface TagGroup extends Json {
  name: string;
  tags: string[];
}

export function countOperations(spec: Json): number {
  const paths = (spec.paths ?? {}) as Record<string, Json>;
  return Object.values(paths).reduce((sum, item) => sum + HTTP_METHODS.filter((method) => method in item).length, 0);
}

function copiedPath(path: string, copy: number): string {
  const [, family, domain, ...rest] = path.split('/');
  return ['', family, `${domain}-${copy}`, ...rest].join('/');
}

export function replicateSpec(source: Json, target: number): Json {
  const spec = structuredClone(source);
  const paths = spec.paths as Record<string, Json>;
  const originalPaths = Object.entries(structuredClone(paths));
  const tags = (spec.tags ?? []) as Tag[];
  const originalTags = new Map(tags.map((tag) => [tag.name, tag]));
  const groups = (spec['x-tagGroups'] ?? []) as TagGroup[];
  let count = countOperations(spec);
  if (count === 0) throw new Error('the source spec has no operations');

  for (let copy = 2; count < target; copy += 1) {
    for (const [path, item] of originalPaths) {
      if (count >= target) break;
      const newItem: Json = {};
      for (const [key, value] of Object.entries(item)) {
        if (!(HTTP_METHODS as readonly string[]).includes(key)) newItem[key] = structuredClone(value);
      }
      for (const method of HTTP_METHODS) {
        const operation = item[method] as Json | undefined;
        if (operation === undefined || count >= target) continue;
        const copied = structuredClone(operation);
        if (typeof copied.operationId === 'string') copied.operationId = `${copied.operationId}Copy${copy}`;
        // Each copy is its own area in the tester, as the copied path is.
        if (typeof copied['x-domain'] === 'string') copied['x-domain'] = `${copied['x-domain']}-${copy}`;
        copied.tags = ((copied.tags ?? []) as string[]).map((name) => copyTag(name, copy, originalTags, tags, groups));
        newItem[method] = copied;
        count += 1;
      }
      paths[copiedPath(path, copy)] = newItem;
    }
  }
  spec.tags = tags;
  if (groups.length > 0) spec['x-tagGroups'] = groups;
  const info = spec.info as Json;
  info.title = `${String(info.title)} (${target} operations, benchmark)`;
  return spec;
}

function copyTag(name: string, copy: number, originals: Map<string, Tag>, tags: Tag[], groups: TagGroup[]): string {
  const copyName = `${name} ${copy}`;
  if (tags.some((tag) => tag.name === copyName)) return copyName;
  const original = originals.get(name);
  const tag: Tag = { ...structuredClone(original ?? { name }), name: copyName };
  if (typeof tag['x-subcategory'] === 'string') tag['x-subcategory'] = `${tag['x-subcategory']}-${copy}`;
  tags.push(tag);
  groups.find((group) => group.tags.includes(name))?.tags.push(copyName);
  return copyName;
}

export function writeLargeSpec(input: string, output: string, target: number): number {
  const spec = replicateSpec(JSON.parse(readFileSync(input, 'utf8')) as Json, target);
  writeFileSync(output, JSON.stringify(spec, null, 2));
  return countOperations(spec);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const [input, output, target] = process.argv.slice(2);
  if (input === undefined || output === undefined) throw new Error('usage: large-spec.ts IN.json OUT.json [target]');
  console.log(`${writeLargeSpec(input, output, Number(target ?? 500))} operations -> ${output}`);
}
