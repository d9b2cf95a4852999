import { createElement, lazy, type ComponentType, type ReactNode } from 'react';

/** A page whose code loads on demand, and which can be told to load before it is shown. */
export interface LazyPage<P extends object> {
  (props: P): ReactNode;
  /** Starts loading the page's code (once); settles when it is there. Never rejects: a failure shows on first use. */
  preload(): Promise<void>;
}

/**
 * Like React.lazy, except that a page whose code has already loaded renders at once instead of suspending.
 * React.lazy always suspends on first render, even for a module already in memory, and React 19 then holds back the
 * reveal until 300 ms after the fallback showed (its FALLBACK_THROTTLE_MS): every first visit of a page paid up to
 * 300 ms of idle waiting, after sign-in twice (console, dashboard). Preloaded pages now skip that wait.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const start = (): Promise<{ default: ComponentType<P> }> =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (err: unknown) => {
        // A later visit may try again (a chunk lost to a network blip); React.lazy keeps its own failure.
        pending = null;
        throw err;
      },
    ));
  const Suspending = lazy(start);
  function Page(props: P): ReactNode {
    // Never swaps a shown page: while the code loads, the suspended render of Page is thrown away (the boundary is
    // above it), so Page is first committed after `loaded` is set, and then always renders that same component.
    return createElement(loaded ?? Suspending, props);
  }
  Page.preload = (): Promise<void> =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return Page;
}
