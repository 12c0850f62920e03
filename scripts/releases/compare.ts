/**
 * What changed between two public specs, for the changelog and the breaking-change gate. The diff and its
 * classification come from api-smart-diff (made for OpenAPI); on top of it this project counts as
 * breaking what the library lets pass but an integrator's code would trip over:
 *   - an enum value removed anywhere (a client may send it, or switch on it);
 *   - a changed `type` (a client parses the old one).
 * Changes under `components` are left out: the library reports each one again, resolved, under every
 * operation that uses it, which is what an integrator reads.
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

/** Cleans the library's text: `[Added] property `x` to ...` -> `Added property `x` to ...`. */
function describe(diff: Diff): string {
  const text = (diff.description ?? `${diff.action} ${diff.path.join('.')}`)
    .replace(/^\[(\w+)\]\s*/, '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function compareSpecs(before: unknown, after: unknown): ApiChange[] {
  const { diffs } = apiCompare(structuredClone(before), structuredClone(after)) as { diffs: Diff[] };
  const changes: ApiChange[] = [];
  const seen = new Set<string>();
  for (const diff of diffs) {
    if (diff.path[0] === 'components' || diff.type === 'annotation') continue;
    const [root, path, method] = diff.path.map(String);
    const onOperation = root === 'paths' && path !== undefined && method !== undefined && METHODS.has(method);
    const operation = onOperation ? `${method.toUpperCase()} ${path}` : null;
    const change: ApiChange = {
      kind: kindOf(diff),
      breaking: isBreaking(diff),
      operation,
      operationId: onOperation ? (operationIdAt(after, path, method) ?? operationIdAt(before, path, method)) : null,
      description: describe(diff),
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
