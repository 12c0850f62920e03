/**
 * A response body as a tree of fields: name, type, format, required, enum values, limits, description.
 * Objects and arrays are native <details> elements: every field is in the DOM (the browser's find-in-page
 * and our search anchors reach it), nothing needs JavaScript to expand, and levels below the second start
 * collapsed so long schemas stay readable.
 */
import { fieldAnchor } from '../../../../shared/portal-data/links';
import type { FieldNode } from '../../../../shared/portal-data/reference-page';

export interface FieldAnchorBase {
  operationId: string;
  /** Response status, or `errors` for the shared error body. */
  status: string;
}
import { InlineText } from './markdown';

/** Levels shown open on load: the envelope and the entity's own fields. Deeper objects start collapsed. */
const OPEN_LEVELS = 2;

interface FieldTreeProps {
  root: FieldNode;
  /** Prefix of every row's id, e.g. `getSellerReturnOrder.200`; a row's id adds the field path. */
  /** Whose rows these are: field anchors are built from it (links.ts fieldAnchor). */
  anchor: FieldAnchorBase;
}

function FieldMeta({ node }: { node: FieldNode }) {
  return (
    <>
      <span className="field-type">
        {node.type}
        {node.format ? <span className="field-format"> ({node.format})</span> : null}
      </span>
      {node.required ? <span className="field-required">required</span> : null}
      {node.deprecated ? <span className="deprecated">deprecated</span> : null}
      {node.limits?.map((limit) => (
        <span key={limit} className="field-limit">
          {limit}
        </span>
      ))}
    </>
  );
}

/** Description, allowed values, default and example on one line: two lines per field keep long schemas short. */
function FieldDetails({ node }: { node: FieldNode }) {
  if (!node.description && !node.enum && node.default === undefined && node.example === undefined) return null;
  return (
    <div className="field-body">
      {node.description ? (
        <span className="field-description">
          <InlineText nodes={node.description} />
        </span>
      ) : null}
      {node.enum ? (
        <span className="field-extra">
          One of:{' '}
          {node.enum.map((value) => (
            <code key={value}>{value}</code>
          ))}
        </span>
      ) : null}
      {node.default !== undefined ? (
        <span className="field-extra">
          Default: <code>{node.default}</code>
        </span>
      ) : null}
      {node.example !== undefined ? (
        <span className="field-extra">
          Example: <code>{node.example}</code>
        </span>
      ) : null}
    </div>
  );
}

function FieldRow({ node, path, anchor, level }: { node: FieldNode; path: string[]; anchor: FieldAnchorBase; level: number }) {
  const id = fieldAnchor(anchor.operationId, anchor.status, path);
  const head = (
    <>
      <code className="field-name">{node.name}</code>
      <FieldMeta node={node} />
    </>
  );
  if (!node.children || node.children.length === 0) {
    return (
      <li className="field" id={id}>
        <div className="field-head">{head}</div>
        <FieldDetails node={node} />
      </li>
    );
  }
  return (
    <li className="field" id={id}>
      <details open={level < OPEN_LEVELS}>
        <summary className="field-head">
          {head}
          <span className="field-count">
            {node.children.length} {node.children.length === 1 ? 'field' : 'fields'}
          </span>
        </summary>
        <FieldDetails node={node} />
        <FieldList nodes={node.children} path={path} anchor={anchor} level={level + 1} />
      </details>
    </li>
  );
}

function FieldList({ nodes, path, anchor, level }: { nodes: FieldNode[]; path: string[]; anchor: FieldAnchorBase; level: number }) {
  return (
    <ul className="field-list">
      {nodes.map((child, index) => (
        <FieldRow key={child.name ?? index} node={child} path={[...path, child.name ?? String(index)]} anchor={anchor} level={level} />
      ))}
    </ul>
  );
}

export function FieldTree({ root, anchor }: FieldTreeProps) {
  if (!root.children || root.children.length === 0) {
    return (
      <p className="field-root">
        <span className="field-type">{root.schema ?? root.type}</span>
        {root.description ? (
          <>
            {' '}
            <InlineText nodes={root.description} />
          </>
        ) : null}
      </p>
    );
  }
  return <FieldList nodes={root.children} path={[]} anchor={anchor} level={0} />;
}
