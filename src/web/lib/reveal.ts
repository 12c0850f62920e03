/**
 * Scrolls an element into view only as far as needed (`block: 'nearest'`: nothing moves when it is already
 * in view), smoothly unless the reader asked the system for reduced motion.
 */
export function reveal(element: Element | null): void {
  if (!element) return;
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView?.({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
}
