import { RELOAD_FLAG, loadWithReload } from '@/lib/lazy-screen';

function deps() {
  const store = new Map<string, string>();
  return {
    storage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
    reload: vi.fn(),
    log: vi.fn(),
    store,
  };
}

describe('lazy screen loading', () => {
  it('reloads the page once when a screen fails to load', async () => {
    const d = deps();
    const p = loadWithReload(() => Promise.reject(new Error('chunk gone')), d);
    await vi.waitFor(() => expect(d.reload).toHaveBeenCalledTimes(1));
    expect(d.store.get(RELOAD_FLAG)).toBe('1');
    expect(d.log).not.toHaveBeenCalled();
    void p;
  });

  it('after that reload, a second failure is only logged', async () => {
    const d = deps();
    d.store.set(RELOAD_FLAG, '1');
    await expect(loadWithReload(() => Promise.reject(new Error('chunk gone')), d)).rejects.toThrow('chunk gone');
    expect(d.reload).not.toHaveBeenCalled();
    expect(d.log).toHaveBeenCalledTimes(1);
  });

  it('a successful load clears the flag so a later deploy may reload again', async () => {
    const d = deps();
    d.store.set(RELOAD_FLAG, '1');
    await expect(loadWithReload(() => Promise.resolve('ok'), d)).resolves.toBe('ok');
    expect(d.store.has(RELOAD_FLAG)).toBe(false);
  });
});
