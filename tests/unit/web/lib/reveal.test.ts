/** Scrolling an answer into view: only as far as needed, and without motion when the reader asked for less. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reveal } from '../../../../src/web/lib/reveal';

function element() {
  const scrollIntoView = vi.fn();
  return { element: { scrollIntoView } as unknown as Element, scrollIntoView };
}

describe('reveal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [false, 'smooth'],
    [true, 'auto'],
  ])('with reduced motion %s scrolls to the nearest edge, %s', (reduced, behavior) => {
    vi.stubGlobal('window', { matchMedia: (query: string) => ({ matches: reduced && query === '(prefers-reduced-motion: reduce)' }) });
    const { element: target, scrollIntoView } = element();
    reveal(target);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest', behavior });
  });
});
