/** Formatted, coloured JSON; in list responses each row's id is a link that opens that row in detail view. */
import { memo } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { monospace } from '../../../theme/theme';
import { jsonLines, type SegmentKind } from '../../../lib/json-lines';

const COLOURS: Record<SegmentKind, string> = {
  punctuation: 'syntax.punctuation',
  key: 'syntax.key',
  string: 'syntax.string',
  number: 'syntax.number',
  boolean: 'syntax.literal',
  null: 'syntax.literal',
};

/**
 * A long line (a long string value) wraps under its own key, two columns further in, instead of at the
 * left edge: the line's indent becomes padding, and the first row is pulled back by as much so it keeps
 * its own leading spaces (which a copied selection then keeps too). `ch` is one column of the monospace font.
 */
function hangingIndent(firstSegment: string): { paddingLeft: string; textIndent: string } {
  const columns = (/^ */.exec(firstSegment)?.[0].length ?? 0) + 2;
  return { paddingLeft: `${columns}ch`, textIndent: `-${columns}ch` };
}

interface JsonViewProps {
  value: unknown;
  /** When set, each row's id (data[i].id, or the `rowId` path in a row) becomes a link calling this with the id. */
  onOpenId?: (id: string) => void;
  /** Where a row holds its id (the operation's `x-row-id`); `['id']` by default. */
  rowId?: readonly string[] | null;
}

export const JsonView = memo(function JsonView({ value, onOpenId, rowId }: JsonViewProps) {
  const lines = jsonLines(value, onOpenId ? (rowId ?? true) : false);
  return (
    <Box component="pre" sx={{ m: 0, fontFamily: monospace, fontSize: '0.8125rem', lineHeight: 1.6, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {lines.map((line, lineIndex) => (
        <Box component="span" key={lineIndex} sx={{ display: 'block', ...hangingIndent(line[0]?.text ?? '') }}>
          {line.map((segment, index) =>
            segment.detailId !== undefined && onOpenId ? (
              <Link
                key={index}
                component="button"
                type="button"
                underline="always"
                onClick={() => onOpenId(segment.detailId as string)}
                aria-label={`Open ID ${segment.detailId} in detail view`}
                sx={{ fontFamily: 'inherit', fontSize: 'inherit', verticalAlign: 'baseline', fontWeight: 700, textIndent: 0 }}
              >
                {segment.text}
              </Link>
            ) : (
              <Box component="span" key={index} sx={{ color: COLOURS[segment.kind] }}>
                {segment.text}
              </Box>
            ),
          )}
        </Box>
      ))}
    </Box>
  );
});
