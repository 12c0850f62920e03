/** The tester's JSON: a long string wraps under its own key, never back at the left edge. */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { JsonView } from '../../../../src/web/features/api-tester/components/json-view';
import { theme } from '../../../../src/web/theme/theme';

function lineOf(container: HTMLElement, text: string): HTMLElement {
  const line = [...container.querySelectorAll<HTMLElement>('pre > span')].find((span) => span.textContent?.includes(text));
  if (!line) throw new Error(`no line with ${text}`);
  return line;
}

describe('JsonView', () => {
  it('indents the wrapped rows of each line under its key (hanging indent by the line’s own depth)', () => {
    const { container } = render(
      <ThemeProvider theme={theme}>
        <JsonView value={{ top: 'x', nested: { inner: 'a long string '.repeat(20) } }} />
      </ThemeProvider>,
    );
    const top = getComputedStyle(lineOf(container, '"top"'));
    expect(top.paddingLeft).toBe('4ch');
    expect(top.textIndent).toBe('-4ch');
    const inner = getComputedStyle(lineOf(container, '"inner"'));
    // Depth 2: four leading spaces, wrapped rows start two columns further in.
    expect(inner.paddingLeft).toBe('6ch');
    expect(inner.textIndent).toBe('-6ch');
    // The text itself is unchanged: copying a selection keeps JSON.stringify's indentation.
    expect(container.querySelector('pre')?.textContent).toBe(
      JSON.stringify({ top: 'x', nested: { inner: 'a long string '.repeat(20) } }, null, 2).replace(/\n/g, ''),
    );
  });
});
