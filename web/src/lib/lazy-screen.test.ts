import { RELOAD_FLAG, RELOAD_WINDOW_MS, loadWithReload } from '@/lib/lazy-screen';

function deps(now = 1_000_000) {
  const store = new Map<string, string>();
  return {
    storage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
    reload: vi.fn(),
    log: vi.fn(),
    now: () => now,
    store,
  };
}

const gone = () => Promise.reject(new Error('chunk gone'));

describe('lazy screen loading', () => {
  it('reloads the page once when a screen fails to load', async () => {
    const d = deps();
    const p = loadWithReload(gone, d);
    await vi.waitFor(() => expect(d.reload).toHaveBeenCalledTimes(1));
    expect(d.store.get(RELOAD_FLAG)).toBe('1000000');
    expect(d.log).not.toHaveBeenCalled();
    void p;
  });

  it('after that reload, a second failure is only logged', async () => {
    const d = deps();
    d.store.set(RELOAD_FLAG, String(1_000_000 - 2_000));
    await expect(loadWithReload(gone, d)).rejects.toThrow('chunk gone');
    expect(d.reload).not.toHaveBeenCalled();
    expect(d.log).toHaveBeenCalledTimes(1);
  });

  it('after the reload, another chunk loading first does not allow a second reload', async () => {
    // the layout and the failing screen load side by side; the layout answers first
    const d = deps();
    d.store.set(RELOAD_FLAG, String(1_000_000 - 2_000));
    await expect(loadWithReload(() => Promise.resolve('layout'), d)).resolves.toBe('layout');
    await expect(loadWithReload(gone, d)).rejects.toThrow('chunk gone');
    expect(d.reload).not.toHaveBeenCalled();
  });

  it('a failure long after the last reload (the next deploy) reloads again', async () => {
    const d = deps();
    d.store.set(RELOAD_FLAG, String(1_000_000 - RELOAD_WINDOW_MS));
    void loadWithReload(gone, d);
    await vi.waitFor(() => expect(d.reload).toHaveBeenCalledTimes(1));
    expect(d.store.get(RELOAD_FLAG)).toBe('1000000');
  });
});
