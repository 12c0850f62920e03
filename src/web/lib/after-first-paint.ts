/**
 * Runs `start` once the page's content has been painted: on the first-contentful-paint entry (reported
 * after the frame reached the screen), then a task later so the browser finishes that frame's work first.
 * A browser without paint timing falls back to the first frame plus a short wait; a tab in the background
 * paints nothing and starts when it is shown.
 */
const NO_PAINT_TIMING_WAIT_MS = 300;

export function afterFirstContentfulPaint(start: () => void): void {
  const painted = () => setTimeout(start, 0);
  if (performance.getEntriesByName('first-contentful-paint').length > 0) {
    painted();
    return;
  }
  const supported = typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (!supported) {
    requestAnimationFrame(() => setTimeout(start, NO_PAINT_TIMING_WAIT_MS));
    return;
  }
  // Disconnected at the first contentful paint: `start` runs once.
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    painted();
  });
  observer.observe({ type: 'paint', buffered: true });
}
