/**
 * "Try it" in place on a reference page. The docs feature draws the button and the panel's frame; what the
 * panel holds is the API tester's form and answer and the usage feature's recent calls. Features do not
 * import each other, so the app composes the panel and provides it here, as a lazy component: a reference
 * page loads none of its code until a reader first opens one.
 */
import { createContext, useContext, type ComponentType } from 'react';

export interface TryItPanelProps {
  operationId: string;
  /** What the fields start with, by parameter name: the reference's example of each path parameter. */
  values: Readonly<Record<string, string>>;
}

export interface TryItPanelSource {
  /** Lazy: rendering it the first time loads its chunk (under a Suspense boundary). */
  Panel: ComponentType<TryItPanelProps>;
  /** Starts loading the chunk (on hover or focus of the button), so a click opens the panel sooner. */
  preload: () => void;
}

export const TryItPanelContext = createContext<TryItPanelSource | null>(null);

/** Null outside the app's shell (the page rendered at build time, a component test without it). */
export function useTryItPanel(): TryItPanelSource | null {
  return useContext(TryItPanelContext);
}
