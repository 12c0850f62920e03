/**
 * Pretty-printed JSON with keys, strings, numbers and literals coloured by one small regular expression
 * instead of a syntax-highlighting library (the documentation route's JavaScript budget is 150 KB).
 */
import type { ReactNode } from 'react';

const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

export function highlightJson(json: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of json.matchAll(TOKEN)) {
    const index = match.index;
    if (index > last) out.push(json.slice(last, index));
    const [whole, string, colon, number, literal] = match;
    if (string !== undefined) {
      out.push(
        <span key={index} className={colon ? 'j-key' : 'j-str'}>
          {string}
        </span>,
      );
      if (colon) out.push(colon);
    } else if (number !== undefined) {
      out.push(
        <span key={index} className="j-num">
          {number}
        </span>,
      );
    } else if (literal !== undefined) {
      out.push(
        <span key={index} className="j-lit">
          {literal}
        </span>,
      );
    }
    last = index + whole.length;
  }
  if (last < json.length) out.push(json.slice(last));
  return out;
}

export function JsonCode({ json, label }: { json: string; label: string }) {
  return (
    <pre className="code-block json" aria-label={label} tabIndex={0}>
      <code>{highlightJson(json)}</code>
    </pre>
  );
}
