/**
 * The Changelog page's versions, newest first: each with its date and its changes grouped as added,
 * changed, deprecated and removed, breaking ones marked. Computed at build time from openapi/releases/.
 */
import { Link } from 'react-router';
import { CHANGE_KINDS, type ApiChange, type ChangelogVersion } from '../../../../shared/portal-data/changelog';

const KIND_TITLES = { added: 'Added', changed: 'Changed', deprecated: 'Deprecated', removed: 'Removed' } as const;

function versionAnchor(version: string): string {
  return `version-${version.replace(/[^0-9A-Za-z.]+/g, '-').replace(/-+$/, '')}`;
}

function ChangeLine({ change }: { change: ApiChange }) {
  return (
    <li>
      {/* A badge drawn by the page's stylesheet: MUI's Chip would be a chunk of its own on every reference page. */}
      {change.breaking ? <span className="badge badge-breaking">Breaking</span> : null}
      {change.operation ? (
        <>
          {change.href ? (
            <Link to={change.href}>
              <code>{change.operation}</code>
            </Link>
          ) : (
            <code>{change.operation}</code>
          )}
          {': '}
        </>
      ) : null}
      {change.description}
    </li>
  );
}

export function ChangelogSection({ versions }: { versions: ChangelogVersion[] }) {
  return (
    <div className="prose changelog">
      {versions.map((version, index) => {
        const anchor = versionAnchor(version.version);
        const first = index === versions.length - 1;
        const breaking = version.changes.filter((change) => change.breaking).length;
        return (
          <section key={version.version} aria-labelledby={anchor}>
            <h2 id={anchor}>
              <a href={`#${anchor}`} className="heading-link">
                {version.version}
              </a>{' '}
              <span className="muted" style={{ fontSize: '1rem', fontWeight: 400 }}>
                {version.date ?? 'not released yet'}
              </span>
            </h2>
            {breaking > 0 ? <p>{`${breaking} breaking ${breaking === 1 ? 'change' : 'changes'}.`}</p> : null}
            {version.changes.length === 0 ? (
              <p className="muted">{first ? 'First release.' : 'No change to operations, parameters, fields or enum values.'}</p>
            ) : (
              CHANGE_KINDS.map((kind) => {
                const changes = version.changes.filter((change) => change.kind === kind);
                if (changes.length === 0) return null;
                return (
                  <section key={kind}>
                    <h3>{KIND_TITLES[kind]}</h3>
                    <ul>
                      {changes.map((change, at) => (
                        <ChangeLine key={at} change={change} />
                      ))}
                    </ul>
                  </section>
                );
              })
            )}
          </section>
        );
      })}
    </div>
  );
}
