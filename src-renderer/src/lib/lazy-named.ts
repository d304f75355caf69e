import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A component's props; never for what is not a component, so it cannot be drawn by mistake. */
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * A module's named component, loaded as its own chunk on first render (the house has no default
 * exports, and React.lazy wants one). What it loads is fetched only when first drawn, so it is not
 * part of the JavaScript a cold start downloads and parses before the first frame.
 */
export function named<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType<PropsOf<M[K]>>> {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType<PropsOf<M[K]>> })));
}
