// @vitest-environment happy-dom
/** The entry of a page rendered at build time is async: it starts the app only once the document is parsed. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenParsed } from '../../../../src/web/lib/when-parsed';

function parsing(state: DocumentReadyState): void {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue(state);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('whenParsed', () => {
  it('waits for DOMContentLoaded while the document is still being parsed, and runs once', () => {
    parsing('loading');
    const run = vi.fn();
    whenParsed(run);
    expect(run).not.toHaveBeenCalled();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it.each(['interactive', 'complete'] as const)('runs at once when the document is %s', (state) => {
    parsing(state);
    const run = vi.fn();
    whenParsed(run);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
