/**
 * The Changelog page's versions, newest first, as people read them (shared/portal-data/changelog-view.ts):
 * what an integrator must act on, by kind and operation, breaking changes marked; then the edits that change
 * no request or answer, collapsed under "Documentation only". Computed at build time from openapi/releases/.
 */
import { Link } from 'react-router';
import type { ChangelogVersion } from '../../../../shared/portal-data/changelog';
import { versionView, type OperationChanges } from '../../../../shared/portal-data/changelog-view';

function versionAnchor(version: string): string {
  return `version-${version.replace(/[^0-9A-Za-z.]+/g, '-').replace(/-+$/, '')}`;
}

/** A sentence with its `names` as code, as its Markdown shows them. */
function Sentence({ text }: { text: string }) {
  return <>{text.split('`').map((part, at) => (at % 2 === 1 ? <code key={at}>{part}</code> : part))}</>;
}

function OperationLine({ group }: { group: OperationChanges }) {
  return (
    <li>
      {group.operation === null ? null : (
        <>
          {group.href ? (
            <Link to={group.href}>
              <code>{group.operation}</code>
            </Link>
          ) : (
            <code>{group.operation}</code>
          )}
          {': '}
        </>
      )}
      {group.changes.map((change, at) => (
        <span key={at}>
          {at > 0 ? ' ' : null}
          {/* A badge drawn by the page's stylesheet: MUI's Chip would be a chunk of its own on every reference page. */}
          {change.breaking ? <span className="badge badge-breaking">Breaking</span> : null}
          <Sentence text={`${change.description.replace(/\.$/, '')}.`} />
        </span>
      ))}
    </li>
  );
}

function OperationList({ operations }: { operations: OperationChanges[] }) {
  return (
    <ul>
      {operations.map((group) => (
        <OperationLine key={group.operation ?? ''} group={group} />
      ))}
    </ul>
  );
}

export function ChangelogSection({ versions }: { versions: ChangelogVersion[] }) {
  return (
    <div className="prose changelog">
      {versions.map((version, index) => {
        const anchor = versionAnchor(version.version);
        const view = versionView(version, index === versions.length - 1);
        return (
          <section key={version.version} aria-labelledby={anchor}>
            <h2 id={anchor}>
              <a href={`#${anchor}`} className="heading-link">
                {view.version}
              </a>{' '}
              <span className="muted" style={{ fontSize: '1rem', fontWeight: 400 }}>
                {view.dateText}
              </span>
            </h2>
            {view.breakingText === null ? null : <p>{view.breakingText}</p>}
            {view.emptyText === null ? null : <p className="muted">{view.emptyText}</p>}
            {view.kinds.map((kind) => (
              <section key={kind.kind}>
                <h3>{kind.title}</h3>
                <OperationList operations={kind.operations} />
              </section>
            ))}
            {view.documentation === null ? null : (
              <details className="changelog-documentation">
                <summary>{view.documentation.title}</summary>
                <OperationList operations={view.documentation.operations} />
              </details>
            )}
          </section>
        );
      })}
    </div>
  );
}
