/**
 * Deep links: once the page has rendered everything, the element named by the URL's hash (an
 * operationId, a field path or a heading) is scrolled into view, its collapsed ancestors are opened and
 * it is marked, so links from search and from other sites land on what they name.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** About a second of frames: long enough for the operations around the target to render. */
const SETTLE_FRAMES = 60;

export function useHashTarget(ready: boolean): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return undefined;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return undefined;
    }
    const target = document.getElementById(id);
    if (!target) return undefined;
    for (let details = target.closest('details'); details; details = details.parentElement?.closest('details') ?? null) details.open = true;
    if (target instanceof HTMLDetailsElement) target.open = true;
    const inner = target.querySelector(':scope > details');
    if (inner instanceof HTMLDetailsElement) inner.open = true;
    target.classList.add('target');
    target.scrollIntoView({ block: 'start' });
    if (target.matches('section')) target.focus({ preventScroll: true });

    // Off-screen operations are laid out at an estimated height until they come near the screen. When
    // they take their real height, the browser's scroll anchoring keeps the target still; where it does
    // not (a browser without it), the target moves. Follow it for a moment, unless the reader scrolls.
    let frames = 0;
    let frame = 0;
    let userMoved = false;
    const stop = () => {
      userMoved = true;
    };
    const settle = () => {
      if (userMoved || ++frames > SETTLE_FRAMES) return;
      const drift = target.getBoundingClientRect().top - parseFloat(getComputedStyle(target).scrollMarginTop || '0');
      if (Math.abs(drift) > 4) target.scrollIntoView({ block: 'start' });
      frame = requestAnimationFrame(settle);
    };
    frame = requestAnimationFrame(settle);
    const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    events.forEach((name) => window.addEventListener(name, stop, { passive: true }));
    return () => {
      cancelAnimationFrame(frame);
      events.forEach((name) => window.removeEventListener(name, stop));
      target.classList.remove('target');
    };
    // `key` changes on every navigation, so following the same link twice scrolls again.
  }, [ready, hash, key]);
}
