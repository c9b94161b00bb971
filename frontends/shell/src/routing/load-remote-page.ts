import { loadRemote } from '@module-federation/enhanced/runtime';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { applyConfiguredRemoteLocations } from './remote-locations';
import type { RemoteRoute } from './remote-routes';

type PageComponent = ComponentType<Record<string, never>>;

/**
 * Loads one exposed page through the federation runtime. The runtime (unlike a static
 * `import('remote/x')`, which remembers a failure for the life of the page) tries the
 * network again on the next call, which is what makes "Try again" work without a reload.
 */
async function loadPage(route: RemoteRoute): Promise<{ default: PageComponent }> {
  applyConfiguredRemoteLocations();
  const id = `${route.remote}/${route.module}`;
  const exports = await loadRemote<Record<string, unknown>>(id);
  const component = exports?.[route.exportName];
  if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
    throw new Error(`Remote module ${id} has no component export named ${route.exportName}`);
  }
  return { default: component as PageComponent };
}

const cache = new Map<string, LazyExoticComponent<PageComponent>>();

/**
 * A React.lazy component per route and attempt. Stable across renders (so Suspense does
 * not restart), and a new attempt number gives a fresh lazy after a failure.
 */
export function lazyRemotePage(route: RemoteRoute, attempt: number): LazyExoticComponent<PageComponent> {
  const key = `${route.remote}/${route.module}#${attempt}`;
  let component = cache.get(key);
  if (!component) {
    component = lazy(() => loadPage(route));
    cache.set(key, component);
  }
  return component;
}
