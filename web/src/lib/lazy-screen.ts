// Screens are loaded lazily. A screen whose chunk fails to load (typically after a deploy
// replaced the hashed files) reloads the page once; if it fails again it is only logged
// and the route's error element shows.
//
// "Once" is kept as the time of the last automatic reload, not as a flag that a successful
// load clears: react-router loads the error boundary, the layout and the screen side by
// side, so after the reload another chunk's success would clear a flag before the failing
// screen read it, and the page would reload for ever. A failure within RELOAD_WINDOW_MS of
// the last reload is only logged; a later one (the next deploy) may reload again.
import type { ComponentType } from 'react';

export const RELOAD_FLAG = 'samrap.screenReloadedAt';
export const RELOAD_WINDOW_MS = 60_000;

type Deps = {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  log: (...args: unknown[]) => void;
  now: () => number;
};

const browserDeps = (): Deps => ({
  storage: sessionStorage,
  reload: () => window.location.reload(),
  log: (...args) => console.error(...args),
  now: () => Date.now(),
});

export async function loadWithReload<T>(loader: () => Promise<T>, deps: Deps = browserDeps()): Promise<T> {
  try {
    return await loader();
  } catch (e) {
    const last = Number(deps.storage.getItem(RELOAD_FLAG));
    const now = deps.now();
    if (!(last > 0 && now - last >= 0 && now - last < RELOAD_WINDOW_MS)) {
      deps.storage.setItem(RELOAD_FLAG, String(now));
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
