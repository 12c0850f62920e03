/**
 * The app's one JSON highlighter: pretty-printed JSON as lines of typed segments, so the documentation's
 * examples and the tester's response panel colour it alike, and the panel can turn the `id` of each row
 * of a list response into a link. Joined, the segments are exactly JSON.stringify(value, null, 2).
 */
import { rowDetailId } from './row-detail-id';

export type SegmentKind = 'punctuation' | 'key' | 'string' | 'number' | 'boolean' | 'null';

export interface Segment {
  text: string;
  kind: SegmentKind;
  /** Set on the value of a row's id (data[i].id) in a list response: the ID to open in detail view. */
  detailId?: string;
}

export type Line = Segment[];

const INDENT = '  ';

function scalar(value: unknown): Segment {
  if (value === null) return { text: 'null', kind: 'null' };
  if (typeof value === 'string') return { text: JSON.stringify(value), kind: 'string' };
  if (typeof value === 'number') return { text: JSON.stringify(value), kind: 'number' };
  if (typeof value === 'boolean') return { text: String(value), kind: 'boolean' };
  return { text: JSON.stringify(value) ?? 'null', kind: 'null' };
}

/** A row's id in a list response: `data[i]` followed by the row's id path, holding a whole number. */
function detailIdOf(path: (string | number)[], value: unknown, rowId: readonly string[]): string | undefined {
  return path[0] === 'data' && typeof path[1] === 'number' ? rowDetailId(path.slice(2), value, rowId) : undefined;
}

/**
 * @param linkRowIds mark each row's id (list responses whose domain has a detail call): `true` for
 * `data[i].id`, or the id's path inside a row (`['import', 'id']` for `data[i].import.id`).
 */
export function jsonLines(value: unknown, linkRowIds: boolean | readonly string[] = false): Line[] {
  const rowId = linkRowIds === true ? ['id'] : linkRowIds === false ? null : linkRowIds;
  const lines: Line[] = [];

  function walk(node: unknown, depth: number, path: (string | number)[], prefix: Segment[], suffix: string): void {
    const indent = INDENT.repeat(depth);
    const lead: Segment[] = [{ text: indent, kind: 'punctuation' }, ...prefix];
    const tail: Segment[] = suffix ? [{ text: suffix, kind: 'punctuation' }] : [];
    const isArray = Array.isArray(node);
    if (typeof node === 'object' && node !== null) {
      const entries: [string | number, unknown][] = isArray ? node.map((item, index) => [index, item]) : Object.entries(node);
      const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
      if (entries.length === 0) {
        lines.push([...lead, { text: open + close, kind: 'punctuation' }, ...tail]);
        return;
      }
      lines.push([...lead, { text: open, kind: 'punctuation' }]);
      entries.forEach(([key, child], index) => {
        const comma = index < entries.length - 1 ? ',' : '';
        const keyPrefix: Segment[] = isArray
          ? []
          : [
              { text: JSON.stringify(key), kind: 'key' },
              { text: ': ', kind: 'punctuation' },
            ];
        walk(child, depth + 1, [...path, key], keyPrefix, comma);
      });
      lines.push([{ text: indent + close, kind: 'punctuation' }, ...tail]);
      return;
    }
    const segment = scalar(node);
    const detailId = rowId ? detailIdOf(path, node, rowId) : undefined;
    if (detailId !== undefined) segment.detailId = detailId;
    lines.push([...lead, segment, ...tail]);
  }

  walk(value, 0, [], [], '');
  return lines.map((line) => line.filter((segment) => segment.text !== ''));
}
