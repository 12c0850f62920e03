/** The logged-in user's request history in this browser (lib/request-history.ts), with record and clear. */
import { useCallback, useState } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { historyKey, readHistory, withEntry, writeHistory, type HistoryEntry } from './request-history';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function stored(key: string | null): HistoryEntry[] {
  const store = storage();
  return key && store ? readHistory(store, key) : [];
}

export function useRequestHistory() {
  const user = useCurrentUser();
  const key = user.data ? historyKey(user.data) : null;
  const [state, setState] = useState(() => ({ key, entries: stored(key) }));
  // Another user (or the profile arriving) means another list: adjusted during render (react.dev, "You might not need an effect").
  let entries = state.entries;
  if (state.key !== key) {
    entries = stored(key);
    setState({ key, entries });
  }

  const record = useCallback(
    (entry: HistoryEntry) => {
      const store = storage();
      if (!key || !store) return;
      // Read again before writing: another tab of the same user may have added entries.
      const next = withEntry(readHistory(store, key), entry);
      writeHistory(store, key, next);
      setState({ key, entries: next });
    },
    [key],
  );
  const clear = useCallback(() => {
    const store = storage();
    if (key && store) writeHistory(store, key, []);
    setState({ key, entries: [] });
  }, [key]);
  return { entries, record, clear };
}
