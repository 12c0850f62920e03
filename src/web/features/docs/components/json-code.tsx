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

function highlightJson(json: string): ReactNode[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [json];
  }
  return jsonLines(value).flatMap((line, lineIndex) => [
    ...(lineIndex > 0 ? ['\n'] : []),
    ...line.map((segment, index) => {
      const className = CLASS_OF[segment.kind];
      return className ? (
        <span key={`${lineIndex}.${index}`} className={className}>
          {segment.text}
        </span>
      ) : (
        segment.text
      );
    }),
  ]);
}

export function JsonCode({ json, label }: { json: string; label: string }) {
  return (
    <pre className="code-block json" aria-label={label} tabIndex={0}>
      <code>{highlightJson(json)}</code>
    </pre>
  );
}
