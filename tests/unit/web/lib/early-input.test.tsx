/** What the reader does on a page rendered at build time before the app runs is kept for the app. */
import { describe, expect, it } from 'vitest';
import { catchEarlyInput, replayHeldClicks, searchAsked, takeSearch } from '../../../../src/web/lib/early-input';

const key = (init: KeyboardEventInit) => document.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));

describe('early input', () => {
  it('keeps a search asked for and the keys typed, and the clicks on buttons, until the app takes them', () => {
    document.body.innerHTML = '<div id="root"><button data-search-launcher>Search</button><button>Dark mode</button></div>';
    const [launcher, toggle] = [...document.querySelectorAll('button')];
    let toggled = 0;
    toggle?.addEventListener('click', () => (toggled += 1));
    catchEarlyInput(true);

    key({ key: 'k', ctrlKey: true });
    expect(launcher).toHaveAttribute('aria-busy', 'true');
    for (const typed of ['e', 't', 'a', 'g', 'x', 'Backspace']) key({ key: typed });
    expect(launcher).toHaveAttribute('data-query', 'etag');

    toggle?.click();
    toggle?.click();
    expect(toggled).toBe(0);
    expect(toggle).toHaveAttribute('aria-busy', 'true');

    document.documentElement.setAttribute('data-hydrated', '');
    replayHeldClicks();
    expect(toggled).toBe(1);
    expect(toggle).not.toHaveAttribute('aria-busy');
    expect(searchAsked()).toBe(true);
    expect(takeSearch()).toBe('etag');
    expect(launcher).toHaveAttribute('aria-busy', 'false');

    // Live now: the app's own handlers answer.
    key({ key: 'k', ctrlKey: true });
    expect(searchAsked()).toBe(false);
    toggle?.click();
    expect(toggled).toBe(2);
  });
});
