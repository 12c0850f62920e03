/**
 * A long name in parts with a line-break opportunity (`<wbr>`) between them: it wraps only there, never
 * inside a part (the default `word-break`, no `overflow-wrap: anywhere`, which would also let a table
 * squeeze its column to one letter). The parts come from lib/break-points.ts.
 */
import { Fragment } from 'react';

export function BreakableText({ parts }: { parts: readonly string[] }) {
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
