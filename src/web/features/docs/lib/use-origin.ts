/**
 * This site's origin for the base URL and code samples. While hydrating a page rendered ahead of time it is
 * the origin the server wrote into that HTML (so the first client frame matches it); afterwards, and on
 * every page the client renders itself, the browser's own.
 */
import { useSyncExternalStore } from 'react';
import { prerenderOrigin } from '../../../lib/prerender-state';

const neverChanges = () => () => undefined;
const browserOrigin = () => window.location.origin;
const firstFrameOrigin = () => prerenderOrigin() ?? window.location.origin;

export function useOrigin(): string {
  return useSyncExternalStore(neverChanges, browserOrigin, firstFrameOrigin);
}
