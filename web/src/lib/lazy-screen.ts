// Screens are loaded lazily. A screen whose chunk fails to load (typically after a deploy
// replaced the hashed files) reloads the page once; if it fails again it is only logged
// and the route's error element shows.
import type { ComponentType } from 'react';

export const RELOAD_FLAG = 'samrap.screenReloaded';

type Deps = {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
  log: (...args: unknown[]) => void;
};

const browserDeps = (): Deps => ({
  storage: sessionStorage,
  reload: () => window.location.reload(),
  log: (...args) => console.error(...args),
});

export async function loadWithReload<T>(loader: () => Promise<T>, deps: Deps = browserDeps()): Promise<T> {
  try {
    const mod = await loader();
    deps.storage.removeItem(RELOAD_FLAG);
    return mod;
  } catch (e) {
    if (!deps.storage.getItem(RELOAD_FLAG)) {
      deps.storage.setItem(RELOAD_FLAG, '1');
      deps.reload();
      return new Promise<T>(() => {}); // the page is going away
    }
    deps.log('screen failed to load after a reload', e);
    throw e;
  }
}

/** A react-router `lazy` for a module whose default export is the screen. */
export function lazyScreen(loader: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const mod = await loadWithReload(loader);
    return { Component: mod.default };
  };
}
