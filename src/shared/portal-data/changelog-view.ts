/**
 * One version of the changelog as people read it, the same on the page, in its Markdown and from the MCP
 * server's get_changelog: what an integrator must know first (added, changed, deprecated, removed), each
 * kind grouped by operation in plain sentences, then the edits that change no request or answer under
 * "Documentation only", counted and collapsed.
 */
import { CHANGE_KINDS, type ApiChange, type ChangeKind, type ChangelogVersion } from './changelog.ts';

export const KIND_TITLES: Record<ChangeKind, string> = { added: 'Added', changed: 'Changed', deprecated: 'Deprecated', removed: 'Removed' };

export interface OperationChanges {
  /** `GET /seller/warehouses`, or null for the document as a whole. */
  operation: string | null;
  href: string | undefined;
  changes: ApiChange[];
}

export interface VersionView {
  version: string;
  /** `2026-11-23`, or "not released yet". */
  dateText: string;
  /** "2 breaking changes.", or null. */
  breakingText: string | null;
  kinds: Array<{ kind: ChangeKind; title: string; operations: OperationChanges[] }>;
  documentation: { title: string; operations: OperationChanges[] } | null;
  /** When there is nothing else to show. */
  emptyText: string | null;
}

/** Changes grouped by operation, in the order each operation first appears. */
function byOperation(changes: ApiChange[]): OperationChanges[] {
  const groups = new Map<string, OperationChanges>();
  for (const change of changes) {
    const key = change.operation ?? '';
    const group = groups.get(key) ?? { operation: change.operation, href: change.href, changes: [] };
    // One sentence once: several edits of one place read as one change.
    if (!group.changes.some((known) => known.description === change.description && known.breaking === change.breaking)) group.changes.push(change);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function versionView(version: ChangelogVersion, isFirst: boolean): VersionView {
  const forIntegrators = version.changes.filter((change) => !change.documentationOnly);
  const documentation = version.changes.filter((change) => change.documentationOnly);
  const breaking = forIntegrators.filter((change) => change.breaking).length;
  const kinds = CHANGE_KINDS.map((kind) => ({
    kind,
    title: KIND_TITLES[kind],
    operations: byOperation(forIntegrators.filter((change) => change.kind === kind)),
  })).filter((group) => group.operations.length > 0);
  let emptyText: string | null = null;
  if (version.changes.length === 0) emptyText = isFirst ? 'First release.' : 'No change to operations, parameters, fields or enum values.';
  else if (forIntegrators.length === 0) emptyText = 'No change to operations, parameters, fields or enum values: only the documentation changed.';
  return {
    version: version.version,
    dateText: version.date ?? 'not released yet',
    breakingText: breaking > 0 ? `${plural(breaking, 'breaking change', 'breaking changes')}.` : null,
    kinds,
    documentation:
      documentation.length === 0
        ? null
        : { title: `Documentation only (${plural(documentation.length, 'edit', 'edits')})`, operations: byOperation(documentation) },
    emptyText,
  };
}

/** The Markdown of one version; `link` turns a page href into the Markdown's link target. */
export function versionMarkdown(view: VersionView, link: (href: string) => string): string {
  const out: string[] = [`## ${view.version} (${view.dateText})`];
  if (view.breakingText !== null) out.push(view.breakingText);
  if (view.emptyText !== null) out.push(view.emptyText);
  const list = (operations: OperationChanges[]) =>
    operations
      .map((group) => {
        const sentences = group.changes.map((change) => `${change.breaking ? '**Breaking:** ' : ''}${change.description.replace(/\.$/, '')}.`).join(' ');
        if (group.operation === null) return `- ${sentences}`;
        const name = group.href === undefined ? `\`${group.operation}\`` : `[\`${group.operation}\`](${link(group.href)})`;
        return `- ${name}: ${sentences}`;
      })
      .join('\n');
  for (const kind of view.kinds) out.push(`### ${kind.title}\n\n${list(kind.operations)}`);
  if (view.documentation !== null) out.push(`### ${view.documentation.title}\n\n${list(view.documentation.operations)}`);
  return out.join('\n\n');
}
