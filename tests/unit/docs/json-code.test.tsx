/**
 * A JSON example as the build-time render writes it: the exact pretty-printed JSON, keys and values
 * coloured, and the plain text between tokens joined into one text node (no `<!-- -->` separators).
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { JsonCode } from '../../../src/web/features/docs/components/json-code';

const value = { id: 7, name: 'Mug, "350 ml"', tags: ['a', 'b'], gift: false, note: null, nested: { empty: {} } };

describe('JsonCode', () => {
  it('reads as the pretty-printed JSON, with its tokens coloured and no text node split in two', () => {
    const html = renderToString(<JsonCode json={JSON.stringify(value)} label="Example" />);
    expect(html).not.toContain('<!-- -->');
    const element = document.createElement('div');
    element.innerHTML = html;
    const code = element.querySelector('code');
    expect(code?.textContent).toBe(JSON.stringify(value, null, 2));
    expect([...(code?.querySelectorAll('.j-key') ?? [])].map((key) => key.textContent)).toEqual([
      '"id"',
      '"name"',
      '"tags"',
      '"gift"',
      '"note"',
      '"nested"',
      '"empty"',
    ]);
    expect(code?.querySelector('.j-str')?.textContent).toBe('"Mug, \\"350 ml\\""');
    const nodes = [...(code?.childNodes ?? [])];
    const adjacentTexts = nodes.filter((node, index) => node.nodeType === Node.TEXT_NODE && nodes[index + 1]?.nodeType === Node.TEXT_NODE);
    expect(adjacentTexts).toEqual([]);
  });

  it('shows text that is not JSON as it is', () => {
    const html = renderToString(<JsonCode json="not json {" label="Example" />);
    expect(html).toContain('<code>not json {</code>');
  });
});
