/**
 * A JSON example, coloured by the app's one highlighter (lib/json-lines.ts) with class names that the
 * documentation's stylesheet (docs-root.tsx) colours: plain elements keep long pages cheap to render.
 */
import type { ReactNode } from 'react';
import { jsonLines, type SegmentKind } from '../../../lib/json-lines';

const CLASS_OF: Record<SegmentKind, string | undefined> = {
  punctuation: undefined,
  key: 'j-key',
  string: 'j-str',
  number: 'j-num',
  boolean: 'j-lit',
  null: 'j-lit',
};

/**
 * Plain text between two coloured tokens (a line break, the indent, `": "`) is joined into one string: each
 * string child would be a text node of its own, and the build-time HTML marks the border between two with
 * `<!-- -->`, about 1,200 nodes more on a page of examples.
 */
function highlightJson(json: string): ReactNode[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [json];
  }
  const nodes: ReactNode[] = [];
  const addText = (text: string) => {
    const last = nodes.length - 1;
    if (typeof nodes[last] === 'string') nodes[last] += text;
    else nodes.push(text);
  };
  jsonLines(value).forEach((line, lineIndex) => {
    if (lineIndex > 0) addText('\n');
    line.forEach((segment, index) => {
      const className = CLASS_OF[segment.kind];
      if (className === undefined) addText(segment.text);
      else
        nodes.push(
          <span key={`${lineIndex}.${index}`} className={className}>
            {segment.text}
          </span>,
        );
    });
  });
  return nodes;
}

export function JsonCode({ json, label }: { json: string; label: string }) {
  return (
    <pre className="code-block json" aria-label={label} tabIndex={0}>
      <code>{highlightJson(json)}</code>
    </pre>
  );
}
