/**
 * False in the build-time render and while the app hydrates it, true from the hydrated app's next render
 * on (and from the first render of a screen drawn in the browser). What the build cannot know (the URL's
 * #fragment, the reader's platform) waits for it, so hydration finds the HTML it expects.
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
