/**
 * Deep links: once the page has rendered everything, the element named by the URL's hash (an
 * operationId, a field path or a heading) is scrolled into view, its collapsed ancestors are opened and
 * it is marked, so links from search and from other sites land on what they name.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';

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
    if (target.tabIndex >= -1 && target.matches('section')) target.focus({ preventScroll: true });
    return () => target.classList.remove('target');
    // `key` changes on every navigation, so following the same link twice scrolls again.
  }, [ready, hash, key]);
}
