/**
 * A route screen in its own chunk. Until the chunk is here the screen suspends (React.lazy); once it has
 * loaded, through a render or through preload(), it renders synchronously. That is what a page rendered
 * ahead of time needs: the build-time render and the hydrating client preload the screens the URL matches,
 * and then draw them in one pass, exactly as the HTML shows them.
 */
import { lazy, useState, type ComponentType } from 'react';

export interface RouteModule {
  Component: ComponentType;
}

export interface LazyRoute {
  Screen: ComponentType;
  preload: () => Promise<void>;
}

export function lazyRoute(load: () => Promise<RouteModule>): LazyRoute {
  let loaded: ComponentType | undefined;
  const remember = (module: RouteModule) => {
    loaded = module.Component;
    return module.Component;
  };
  const Pending = lazy(async () => ({ default: remember(await load()) }));
  function Screen() {
    // Chosen once per mount: switching from Pending to the loaded component later would remount the screen.
    const [Chosen] = useState<ComponentType>(() => loaded ?? Pending);
    return <Chosen />;
  }
  return { Screen, preload: async () => void remember(await load()) };
}
