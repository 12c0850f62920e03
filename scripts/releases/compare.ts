/**
 * What changed between two public specs, for the changelog and the breaking-change gate. The diff and its
 * classification come from api-smart-diff (made for OpenAPI); on top of it this project counts as
 * breaking what the library lets pass but an integrator's code would trip over:
 *   - an enum value removed anywhere (a client may send it, or switch on it);
 *   - a changed `type` (a client parses the old one).
 * Changes under `components` are left out: the library reports each one again, resolved, under every
 * operation that uses it, which is what an integrator reads. Edits that change no request or answer
 * (examples, descriptions, summaries, tags and tag groups) are marked documentation only, so the changelog
 * can set them apart from what an integrator must act on.
 */
import { apiCompare } from 'api-smart-diff';
import { HTTP_METHODS, isObject } from '../../src/shared/openapi/openapi-document.ts';
import type { ApiChange, ChangeKind } from '../../src/shared/portal-data/changelog.ts';

interface Diff {
  action: 'add' | 'remove' | 'replace' | 'rename';
  path: Array<string | number>;
  description?: string;
  type: 'breaking' | 'non-breaking' | 'annotation' | 'unclassified' | 'deprecated';
}

const METHODS = new Set<string>(HTTP_METHODS);

function isBreaking(diff: Diff): boolean {
  if (diff.type === 'breaking') return true;
  const last = String(diff.path.at(-1));
  const parent = String(diff.path.at(-2));
  if (diff.action === 'remove' && parent === 'enum') return true;
  if ((diff.action === 'replace' || diff.action === 'remove') && last === 'type') return true;
  return false;
}

function kindOf(diff: Diff): ChangeKind {
  if (diff.type === 'deprecated') return 'deprecated';
  if (diff.action === 'add') return 'added';
  if (diff.action === 'remove') return 'removed';
  return 'changed';
}

function operationIdAt(doc: unknown, path: string, method: string): string | null {
  const paths = isObject(doc) && isObject(doc.paths) ? doc.paths : {};
  const item = paths[path];
  const operation = isObject(item) ? item[method] : undefined;
  return isObject(operation) && typeof operation.operationId === 'string' ? operation.operationId : null;
}

/** Keys whose values only explain: changing them changes no request and no answer. */
const EXPLAINING_KEYS = new Set(['description', 'summary', 'example', 'examples', 'externalDocs', 'x-codeSamples', 'title']);
/** Top-level keys that only arrange or explain the document. */
const EXPLAINING_ROOTS = new Set(['tags', 'x-tagGroups', 'info', 'externalDocs']);

function isDocumentationOnly(diff: Diff): boolean {
  if (diff.type === 'annotation') return true;
  const path = diff.path.map(String);
  if (EXPLAINING_ROOTS.has(path[0] ?? '')) return true;
  // `properties.description` is a field named description, not an explanation: only keys outside `properties`.
  return path.some((key, at) => EXPLAINING_KEYS.has(key) && path[at - 1] !== 'properties');
}

const VERBS = { add: 'Added', remove: 'Removed', replace: 'Changed', rename: 'Renamed' } as const;

/** Where a path points, in words: `paths./x.get.responses.403.content.application/json.examples.y` -> "example `y` of the 403 response". */
function placeOf(path: string[]): string {
  const at = (key: string) => path.indexOf(key);
  const examples = at('examples');
  const response = at('responses');
  const parts: string[] = [];
  if (examples !== -1 && path[examples + 1] !== undefined) parts.push(`example \`${path[examples + 1]}\``);
  else if (path.at(-1) === 'description') parts.push('the description');
  else if (path.at(-1) === 'summary') parts.push('the summary');
  if (response !== -1 && path[response + 1] !== undefined) parts.push(`the ${path[response + 1]} response`);
  if (path[0] === 'tags') parts.push('a tag');
  return parts.length > 0 ? parts.join(' of ') : path.slice(3).join('.') || 'the document';
}

/** Cleans the library's text (`[Added] property `x` to ...` -> `Added property `x` to ...`), or says in words what a bare path means. */
function describe(diff: Diff): string {
  if (diff.path[0] === 'x-tagGroups') return 'Rearranged the navigation groups';
  if (diff.description === undefined || /^\[?\w+\]? annotation\b/i.test(diff.description)) return `${VERBS[diff.action]} ${placeOf(diff.path.map(String))}`;
  const text = diff.description
    .replace(/^\[(\w+)\]\s*/, '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
  // The library names what an explanation belongs to ("Replaced query parameter `page`"): say that its words changed.
  if (diff.type === 'annotation' && diff.action === 'replace') return `Reworded the documentation of ${text.replace(/^\w+\s+/, '')}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The events of a spec's `webhooks` section, by name, with their operationIds. */
function webhooksOf(doc: unknown): Map<string, string | null> {
  const webhooks = isObject(doc) && isObject(doc.webhooks) ? doc.webhooks : {};
  return new Map(
    Object.entries(webhooks).map(([name, item]) => {
      const post = isObject(item) ? item.post : undefined;
      return [name, isObject(post) && typeof post.operationId === 'string' ? post.operationId : null];
    }),
  );
}

/**
 * Events added or removed: api-smart-diff compares `paths` only. Removing an event stops what a receiver
 * relies on, so it is breaking; a changed payload is not followed here (the release's schemas say it).
 */
function webhookChanges(before: unknown, after: unknown): ApiChange[] {
  const [was, now] = [webhooksOf(before), webhooksOf(after)];
  const change = (name: string, kind: 'added' | 'removed', operationId: string | null): ApiChange => ({
    kind,
    breaking: kind === 'removed',
    operation: `EVENT ${name}`,
    operationId,
    description: `${kind === 'added' ? 'Added' : 'Removed'} event ${name}`,
    documentationOnly: false,
  });
  return [
    ...[...now].filter(([name]) => !was.has(name)).map(([name, id]) => change(name, 'added', id)),
    ...[...was].filter(([name]) => !now.has(name)).map(([name, id]) => change(name, 'removed', id)),
  ];
}

export function compareSpecs(before: unknown, after: unknown): ApiChange[] {
  const { diffs } = apiCompare(structuredClone(before), structuredClone(after)) as { diffs: Diff[] };
  const changes: ApiChange[] = webhookChanges(before, after);
  const seen = new Set<string>();
  for (const diff of diffs) {
    if (diff.path[0] === 'components' || diff.path[0] === 'webhooks') continue;
    const [root, path, method] = diff.path.map(String);
    const onOperation = root === 'paths' && path !== undefined && method !== undefined && METHODS.has(method);
    const operation = onOperation ? `${method.toUpperCase()} ${path}` : null;
    const change: ApiChange = {
      kind: kindOf(diff),
      breaking: isBreaking(diff),
      operation,
      operationId: onOperation ? (operationIdAt(after, path, method) ?? operationIdAt(before, path, method)) : null,
      description: describe(diff),
      documentationOnly: isDocumentationOnly(diff),
    };
    const key = JSON.stringify(change);
    if (seen.has(key)) continue;
    seen.add(key);
    changes.push(change);
  }
  return changes;
}

/** A readable list, one line per breaking change. */
export function formatChanges(changes: ApiChange[]): string {
  return changes.map((change) => `  - ${change.operation ?? 'API'}: ${change.description}`).join('\n');
}
