/**
 * Which operations are on or near the screen. On a long page their heavy parts render first, ahead of the
 * background fill, so what the reader looks at is complete at once and no task has to render everything.
 */
import { useEffect, useState, type RefObject } from 'react';

/** Start rendering an operation's details about two screens before it scrolls into view. */
const MARGIN = '1600px 0px';

export function useNearViewport(container: RefObject<HTMLElement | null>, rendered: number): ReadonlySet<string> {
  const [near, setNear] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const root = container.current;
    if (!root || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const added = entries.filter((entry) => entry.isIntersecting).map((entry) => (entry.target as HTMLElement).dataset.operationId ?? '');
        if (added.length === 0) return;
        setNear((current) => (added.every((id) => current.has(id)) ? current : new Set([...current, ...added])));
      },
      { rootMargin: MARGIN },
    );
    root.querySelectorAll('section[data-operation-id]').forEach((section) => observer.observe(section));
    return () => observer.disconnect();
  }, [container, rendered]);
  return near;
}
