/**
 * Re-renders the caller every `intervalMs`, so texts told against the clock ("stops working in 3 h",
 * "Expires in 6 days") stay true while a screen stays open. Read the time itself with `new Date()` during
 * render: a time kept in state would lag behind data that arrived since the last tick.
 */
import { useEffect, useState } from 'react';

export function useClockTick(intervalMs = 30_000): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
}
