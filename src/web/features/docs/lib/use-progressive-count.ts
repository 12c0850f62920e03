/**
 * How many of a page's operations to render so far. A big page (hundreds of operations in one tag) is
 * rendered a few operations per task so no task blocks the main thread for long; a normal page (a handful)
 * renders in one go.
 */
import { useEffect, useState } from 'react';

export const FIRST_BATCH = 8;
export const BATCH = 6;

export function useProgressiveCount(total: number, resetKey: string): number {
  const [state, setState] = useState({ key: resetKey, count: Math.min(total, FIRST_BATCH) });
  // A new page starts again from the first batch (adjusting state during render, as React recommends).
  const current = state.key === resetKey ? state : { key: resetKey, count: Math.min(total, FIRST_BATCH) };
  if (current !== state) setState(current);

  useEffect(() => {
    if (current.count >= total) return undefined;
    const timer = setTimeout(() => setState((s) => (s.key === resetKey ? { key: resetKey, count: Math.min(total, s.count + BATCH) } : s)), 0);
    return () => clearTimeout(timer);
  }, [current.count, total, resetKey]);

  return current.count;
}
