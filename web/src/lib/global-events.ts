// Errors that the API client and the session turn into global notices. They publish; the
// notice host (Ant Design, loaded on demand so the Login screen stays light) shows them.
// Events published before the host is mounted wait in a queue and ask for the host.
export type GlobalEvent =
  | { kind: 'unauthorized'; msg?: string }
  | { kind: 'bad-request'; msg?: string }
  | { kind: 'server-error'; status: number; msg?: string }
  | { kind: 'network' }
  | { kind: 'session-timeout' }
  | { kind: 'toast'; type: 'success' | 'error'; msg: string };

type Listener = (e: GlobalEvent) => void;
const listeners = new Set<Listener>();
const demand = new Set<() => void>();
const pending: GlobalEvent[] = [];

export function publishGlobal(e: GlobalEvent): void {
  if (listeners.size === 0) {
    pending.push(e);
    for (const d of demand) d();
    return;
  }
  for (const l of listeners) l(e);
}

/** Receives every event, starting with those that waited for a listener. */
export function subscribeGlobal(listener: Listener): () => void {
  listeners.add(listener);
  for (const e of pending.splice(0)) listener(e);
  return () => listeners.delete(listener);
}

/** Called when an event waits for a host to show it. */
export function onGlobalDemand(cb: () => void): () => void {
  demand.add(cb);
  if (pending.length > 0) cb();
  return () => demand.delete(cb);
}
