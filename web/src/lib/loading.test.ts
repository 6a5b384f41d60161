import { loading } from '@/lib/loading';

describe('loading overlay state', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    loading.reset();
    vi.useRealTimers();
  });

  it('hides 100 ms after the last load ends, not before', () => {
    loading.start();
    loading.start();
    loading.stop();
    vi.advanceTimersByTime(500);
    expect(loading.isVisible()).toBe(true);
    loading.stop();
    vi.advanceTimersByTime(99);
    expect(loading.isVisible()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(loading.isVisible()).toBe(false);
  });

  it('stays up when a new load starts within the 100 ms', () => {
    loading.start();
    loading.stop();
    vi.advanceTimersByTime(50);
    loading.start();
    vi.advanceTimersByTime(200);
    expect(loading.isVisible()).toBe(true);
  });
});
