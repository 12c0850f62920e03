/**
 * How many items to render so far: `first` at once, then `batch` more per task, so a big page never
 * blocks the main thread for long. Used twice per page: operation outlines (heading, path, parameters)
 * go in large batches, their heavy parts (field trees, examples, code samples) in small ones.
 */
import { useEffect, useState } from 'react';

export function useProgressiveCount(total: number, resetKey: string, first: number, batch: number): number {
  const [state, setState] = useState({ key: resetKey, count: Math.min(total, first) });
  // A new page starts again from the first batch (adjusting state during render, as React recommends).
  const current = state.key === resetKey ? state : { key: resetKey, count: Math.min(total, first) };
  if (current !== state) setState(current);

  useEffect(() => {
    if (current.count >= total) return undefined;
    const timer = setTimeout(() => setState((s) => (s.key === resetKey ? { key: resetKey, count: Math.min(total, s.count + batch) } : s)), 0);
    return () => clearTimeout(timer);
  }, [current.count, total, resetKey, batch]);

  return current.count;
}
