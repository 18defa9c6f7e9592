import { lazy, type ComponentType } from 'react';

/**
 * A route component in its own chunk that can be loaded ahead of rendering: the server render and
 * the browser (before hydrateRoot) both preload the matched route, so both render the component
 * itself, never a Suspense fallback, and hydration finds the markup it expects. A route not
 * preloaded (an in-app navigation) suspends like React.lazy; the router's transition keeps the
 * previous page on screen meanwhile.
 */
export interface LazyRoute {
  Component: ComponentType;
  preload(): Promise<void>;
  /** The module's path from web/, as Vite's manifest names it (for <link rel="modulepreload">). */
  module: string;
}

export function lazyRoute(module: string, load: () => Promise<ComponentType>): LazyRoute {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (c) => {
        loaded = c;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function Component() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Component, preload, module };
}
